/**
 * Decisions without side effects: whether a call needs the person's approval under the
 * current approval mode (UI-CONTRACT.md), and which calls may run side by side (D1, D2).
 */
import type { Tool, ToolKind } from '../../tools/types';
import type { ApprovalMode } from '../types';

export type ApprovalDecision = 'allow' | 'ask' | 'refuse';

/**
 * - `ask`: edit, execute and fetch kinds ask; read, search and think do not.
 * - `auto-edit`: edits run; execute and fetch ask.
 * - `plan`: edits and commands are refused (read-only), whatever the allow-list says; a fetch
 *   changes nothing, so it may run, and asks as in `ask`.
 * - `allow-all`: nothing asks.
 * - An `external` tool (MCP) asks as a command does; Plan mode refuses it unless it only reads.
 * A tool the person allowed "for this session" no longer asks (outside plan mode for edits and commands).
 */
export function approvalDecision(kind: ToolKind, mode: ApprovalMode, allowedForSession: boolean, readOnly = false): ApprovalDecision {
  if (kind === 'fetch') return mode === 'allow-all' || allowedForSession ? 'allow' : 'ask';
  if (kind === 'external') {
    if (mode === 'plan' && !readOnly) return 'refuse';
    return mode === 'allow-all' || allowedForSession ? 'allow' : 'ask';
  }
  const mutating = kind === 'edit' || kind === 'execute';
  if (!mutating) return 'allow';
  switch (mode) {
    case 'plan':
      return 'refuse';
    case 'allow-all':
      return 'allow';
    case 'auto-edit':
      return kind === 'edit' || allowedForSession ? 'allow' : 'ask';
    case 'ask':
      return allowedForSession ? 'allow' : 'ask';
  }
}

/** Shell syntax that chains, pipes, substitutes or redirects: such a command is never allowed for a session. */
const COMPOUND_SHELL = /[;&|`<>\n\r]|\$\(/;

/**
 * What "Allow for this session" allows (C7): the tool; for a command-running tool the tool
 * with that command's program (`ls -la` after `ls`, not `rm -rf`); for a fetching tool the
 * tool with that URL's host. A compound command, one that starts with a variable assignment,
 * or a URL that does not parse gets no key: it asks every time.
 */
export function sessionAllowKey(name: string, kind: ToolKind, args: Record<string, unknown>): string | null {
  if (kind === 'fetch') return fetchAllowKey(name, args['url']);
  if (kind !== 'execute') return name;
  const command = args['command'];
  if (typeof command !== 'string') return name;
  if (COMPOUND_SHELL.test(command)) return null;
  const program = command.trim().split(/\s+/)[0] ?? '';
  if (!program || program.includes('=')) return null;
  return `${name} ${program}`;
}

function fetchAllowKey(name: string, url: unknown): string | null {
  if (typeof url !== 'string') return null;
  try {
    const host = new URL(url.trim()).host;
    return host ? `${name} ${host}` : null;
  } catch {
    return null;
  }
}

export function planModeMessage(name: string): string {
  return (
    `The agent is in plan (read-only) mode, so "${name}" was not run: files cannot be changed and ` +
    'commands cannot be executed. Use read-only tools to investigate, then present your plan to the user ' +
    'and wait for them to switch modes.'
  );
}

/**
 * Which calls may run side by side (D2), failing closed: read, search and fetch kinds are safe; an execute call is safe only when the
 * tool says this exact call is read-only (a throwing check is unsafe); anything else,
 * including an unknown tool, runs alone.
 */
export function isConcurrencySafe(tool: Tool | undefined, args: Record<string, unknown>): boolean {
  if (!tool) return false;
  const kind = tool.declaration.kind;
  if (kind === 'read' || kind === 'search' || kind === 'fetch') return true;
  if (kind !== 'execute' || !tool.isReadOnly) return false;
  if (typeof args['command'] !== 'string') return false;
  try {
    return tool.isReadOnly(args) === true;
  } catch {
    return false;
  }
}

/** Waves (D1): consecutive safe calls form one wave; each unsafe call is a wave of its own; order kept. */
export function partitionWaves<T>(items: readonly T[], isSafe: (item: T) => boolean): T[][] {
  const waves: T[][] = [];
  let parallel: T[] = [];
  for (const item of items) {
    if (isSafe(item)) {
      parallel.push(item);
      continue;
    }
    if (parallel.length > 0) waves.push(parallel);
    parallel = [];
    waves.push([item]);
  }
  if (parallel.length > 0) waves.push(parallel);
  return waves;
}
