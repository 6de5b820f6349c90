/**
 * grep_search {pattern, dir_path?, include_pattern?}: lines matching a JavaScript regular
 * expression (case-insensitive) in text files under dir_path, as `file:line: text`.
 * Files are read in parallel batches through the Sandbox (no per-file exec); binary
 * files, node_modules and .git are skipped; at most 100 matches.
 */
import picomatch from 'picomatch';
import { z } from 'zod';
import type { Sandbox } from '../sandbox/types';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { baseName } from '../shared/workspace-path';
import { hasBinaryExtension, hasNulByte } from './file-content';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath } from './tool-paths';
import { errorResult, shownPath } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';
import { skipSetFor, walkFiles } from './workspace-walk';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type GrepSearchArgs = {
  pattern: string;
  dir_path?: string;
  include_pattern?: string;
};

export interface GrepSearchOptions {
  workspaceRoots?: string[];
  /** Most matches returned (default 100). */
  maxMatches?: number;
  /** Matched lines are cut to this many characters (default 300). */
  maxLineLength?: number;
  /** Files larger than this are skipped (default 2 MiB). */
  maxFileBytes?: number;
  /** Most entries visited by the walk (default 50,000). */
  maxVisited?: number;
}

const PARALLEL_READS = 64;

const schema = z.object({
  pattern: z.string().min(1).describe('JavaScript regular expression, e.g. "function\\s+load".'),
  dir_path: z.string().optional().describe('Directory to search in (default: the workspace root).'),
  include_pattern: z.string().min(1).optional().describe('Glob of files to search, e.g. "*.ts" or "src/**/*.{js,jsx}".'),
});

export function summarize(args: GrepSearchArgs): string {
  const where = args.dir_path && args.dir_path !== '.' ? ` in ${args.dir_path}` : '';
  const filter = args.include_pattern ? ` (${args.include_pattern})` : '';
  return `${args.pattern}${where}${filter}`;
}

/** The pattern as a case-insensitive RegExp, or the reason it is not one. */
export function compilePattern(pattern: string, flags = 'i'): { ok: true; regex: RegExp } | { ok: false; message: string } {
  try {
    return { ok: true, regex: new RegExp(pattern, flags) };
  } catch (thrown) {
    const reason = thrown instanceof Error ? thrown.message : String(thrown);
    return { ok: false, message: `Invalid regular expression in "pattern": ${reason}. Use JavaScript RegExp syntax and escape special characters such as ( [ . * + ? with a backslash.` };
  }
}

export function createGrepSearchTool(options: GrepSearchOptions = {}): WorkspaceTool<GrepSearchArgs> {
  const paths = { roots: options.workspaceRoots };
  const limits: Limits = {
    maxMatches: options.maxMatches ?? 100,
    maxLineLength: options.maxLineLength ?? 300,
    maxFileBytes: options.maxFileBytes ?? 2 * 1024 * 1024,
    maxVisited: options.maxVisited ?? 50_000,
  };
  return defineTool<GrepSearchArgs>({
    name: 'grep_search',
    kind: 'search',
    description:
      'Searches file contents for a JavaScript regular expression (case-insensitive). ' +
      `Returns "file:line: text" lines, at most ${limits.maxMatches}. Skips binary files, node_modules and .git.`,
    schema,
    checks: [
      (value) => {
        const compiled = compilePattern(value.pattern);
        return compiled.ok ? null : { message: compiled.message, errorType: 'INVALID_PATTERN' };
      },
      pathCheck('dir_path', (value) => value.dir_path, paths),
    ],
    failureType: 'GREP_EXECUTION_ERROR',
    summarize,
    preview: async (args) => ({ type: 'text', text: `Search for ${summarize(args)}` }),
    affectedPaths: () => [],
    run: (args, context) => grepSearch(args, context, paths, limits),
  });
}

interface Limits {
  maxMatches: number;
  maxLineLength: number;
  maxFileBytes: number;
  maxVisited: number;
}

async function grepSearch(args: GrepSearchArgs, context: WorkspaceToolContext, paths: WorkspacePathOptions, limits: Limits): Promise<ToolResult> {
  const compiled = compilePattern(args.pattern);
  if (!compiled.ok) return errorResult('INVALID_PATTERN', compiled.message);
  const resolved = resolveToolPath(args.dir_path ?? '', 'dir_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const base = resolved.path;
  const stat = await context.sandbox.stat(base);
  if (stat === null) return errorResult('DIRECTORY_NOT_FOUND', `Directory not found: ${shownPath(base)}`);
  const walk =
    stat.kind === 'file'
      ? { files: [base], truncated: false }
      : await walkFiles(context.sandbox, base, {
          skip: skipSetFor(args.dir_path, args.include_pattern),
          maxEntries: limits.maxVisited,
          signal: context.signal,
        });
  const candidates = walk.files.filter(includeFilter(args.include_pattern, base));
  const search = await searchFiles(context.sandbox, candidates, compiled.regex, limits, context.signal);
  const where = base === '' ? 'the workspace' : base;
  const filter = args.include_pattern ? ` (files matching "${args.include_pattern}")` : '';
  const notes: string[] = [];
  if (search.capped) {
    notes.push(`Showing the first ${limits.maxMatches} matches; there are more. Use a more specific pattern, dir_path or include_pattern.`);
  }
  if (walk.truncated) notes.push(`The search stopped after ${limits.maxVisited} entries; narrow dir_path to search the rest.`);
  if (search.skippedLarge > 0) notes.push(`${search.skippedLarge} file(s) over ${limits.maxFileBytes} bytes were skipped.`);
  if (search.lines.length === 0) {
    const text = [`No matches found for pattern "${args.pattern}" in ${where}${filter}.`, ...notes].join(' ');
    return { llmContent: text, display: { type: 'text', text } };
  }
  const count = `${search.lines.length}${search.capped ? '+' : ''} match${search.lines.length === 1 ? '' : 'es'}`;
  const header = `Found ${count} for pattern "${args.pattern}" in ${where}${filter}:`;
  const text = [header, ...search.lines, ...(notes.length ? ['', ...notes] : [])].join('\n');
  return { llmContent: text, display: { type: 'text', text } };
}

/** include_pattern without "/" matches file names at any depth; with "/" it matches paths relative to dir_path. */
function includeFilter(includePattern: string | undefined, base: string): (path: string) => boolean {
  if (includePattern === undefined) return () => true;
  const isMatch = picomatch(includePattern, { dot: true, nocase: true });
  if (!includePattern.includes('/')) return (path) => isMatch(baseName(path));
  const prefix = base === '' ? 0 : base.length + 1;
  return (path) => isMatch(path.slice(prefix)) || isMatch(path);
}

interface SearchOutcome {
  lines: string[];
  capped: boolean;
  skippedLarge: number;
}

async function searchFiles(sandbox: Sandbox, files: string[], regex: RegExp, limits: Limits, signal: AbortSignal): Promise<SearchOutcome> {
  const lines: string[] = [];
  const anywhere = new RegExp(regex.source, `${regex.flags}m`);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let skippedLarge = 0;
  const readable = files.filter((path) => !hasBinaryExtension(path));
  for (let start = 0; start < readable.length; start += PARALLEL_READS) {
    if (signal.aborted) break;
    const batch = readable.slice(start, start + PARALLEL_READS);
    const contents = await Promise.all(batch.map((path) => sandbox.readFile(path).catch(() => null)));
    for (let index = 0; index < batch.length; index++) {
      const bytes = contents[index];
      if (!bytes || hasNulByte(bytes)) continue;
      if (bytes.length > limits.maxFileBytes) {
        skippedLarge++;
        continue;
      }
      let text: string;
      try {
        text = decoder.decode(bytes);
      } catch {
        continue; // not UTF-8: binary
      }
      if (!anywhere.test(text)) continue;
      const fileLines = text.split('\n');
      for (let line = 0; line < fileLines.length; line++) {
        const content = (fileLines[line] ?? '').replace(/\r$/, '');
        if (!regex.test(content)) continue;
        if (lines.length === limits.maxMatches) return { lines, capped: true, skippedLarge };
        lines.push(`${batch[index]}:${line + 1}: ${cut(content.trimEnd(), limits.maxLineLength)}`);
      }
    }
  }
  return { lines, capped: false, skippedLarge };
}

function cut(line: string, max: number): string {
  return line.length > max ? `${line.slice(0, max)}… [${line.length - max} more characters]` : line;
}
