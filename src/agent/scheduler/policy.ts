/**
 * Decisions without side effects: whether a call needs the person's approval under the
 * current approval mode (UI-CONTRACT.md), and which calls may run side by side (D1, D2).
 */
import type { Tool, ToolKind } from '../../tools/types';
import type { ApprovalMode } from '../types';

export type ApprovalDecision = 'allow' | 'ask' | 'refuse';

/**
 * - `ask`: edit and execute kinds ask; read, search and think do not.
 * - `auto-edit`: edits run; execute asks.
 * - `plan`: edits and commands are refused (read-only), whatever the allow-list says.
 * - `allow-all`: nothing asks.
 * A tool the person allowed "for this session" no longer asks (outside plan mode).
 */
export function approvalDecision(kind: ToolKind, mode: ApprovalMode, allowedForSession: boolean): ApprovalDecision {
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
 * What "Allow for this session" allows (C7): the tool, or for a command-running tool the
 * tool with that command's program (`ls -la` after `ls`, not `rm -rf`). A compound command,
 * or one that starts with a variable assignment, gets no key: it asks every time.
 */
export function sessionAllowKey(name: string, kind: ToolKind, args: Record<string, unknown>): string | null {
  if (kind !== 'execute') return name;
  const command = args['command'];
  if (typeof command !== 'string') return name;
  if (COMPOUND_SHELL.test(command)) return null;
  const program = command.trim().split(/\s+/)[0] ?? '';
  if (!program || program.includes('=')) return null;
  return `${name} ${program}`;
}

export function planModeMessage(name: string): string {
  return (
    `The agent is in plan (read-only) mode, so "${name}" was not run: files cannot be changed and ` +
    'commands cannot be executed. Use read-only tools to investigate, then present your plan to the user ' +
    'and wait for them to switch modes.'
  );
}

/**
 * Which calls may run side by side (D2), failing closed: read and search kinds are safe; an execute call is safe only when the
 * tool says this exact call is read-only (a throwing check is unsafe); anything else,
 * including an unknown tool, runs alone.
 */
export function isConcurrencySafe(tool: Tool | undefined, args: Record<string, unknown>): boolean {
  if (!tool) return false;
  const kind = tool.declaration.kind;
  if (kind === 'read' || kind === 'search') return true;
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
