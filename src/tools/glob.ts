/**
 * glob {pattern, dir_path?}: files whose path (relative to dir_path) matches a glob
 * (picomatch, case-insensitive, dotfiles included). node_modules and .git are skipped
 * unless the pattern names them. Results are workspace-relative, sorted, capped.
 * (No modification times through the Sandbox interface, so no recency order.)
 */
import picomatch from 'picomatch';
import { z } from 'zod';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { DEFAULT_WORKSPACE_ROOTS } from '../shared/workspace-path';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath } from './tool-paths';
import { errorResult, shownPath } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';
import { skipSetFor, walkFiles } from './workspace-walk';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type GlobArgs = {
  pattern: string;
  dir_path?: string;
};

export interface GlobOptions {
  workspaceRoots?: string[];
  /** Most paths returned (default 500). */
  maxResults?: number;
  /** Most entries visited by the walk (default 50,000). */
  maxVisited?: number;
}

const schema = z.object({
  pattern: z.string().min(1).describe('Glob pattern, matched against paths relative to dir_path.'),
  dir_path: z.string().optional().describe('Directory to search in (default: the workspace root).'),
});

export function summarize(args: GlobArgs): string {
  return args.dir_path && args.dir_path !== '.' ? `${args.pattern} in ${args.dir_path}` : args.pattern;
}

export function createGlobTool(options: GlobOptions = {}): WorkspaceTool<GlobArgs> {
  const paths = { roots: options.workspaceRoots };
  const limits = { maxResults: options.maxResults ?? 500, maxVisited: options.maxVisited ?? 50_000 };
  return defineTool<GlobArgs>({
    name: 'glob',
    kind: 'search',
    description:
      'Finds files whose path matches a glob pattern such as "**/*.ts" or "src/**/*.{js,jsx}" (case-insensitive). ' +
      `Returns workspace-relative paths, sorted, at most ${limits.maxResults}.`,
    schema,
    checks: [pathCheck('dir_path', (value) => value.dir_path, paths)],
    failureType: 'GLOB_EXECUTION_ERROR',
    summarize,
    preview: async (args) => ({ type: 'text', text: `Find files matching ${summarize(args)}` }),
    affectedPaths: () => [],
    run: (args, context) => glob(args, context, paths, limits),
  });
}

async function glob(
  args: GlobArgs,
  context: WorkspaceToolContext,
  paths: WorkspacePathOptions,
  limits: { maxResults: number; maxVisited: number },
): Promise<ToolResult> {
  const resolved = resolveToolPath(args.dir_path ?? '', 'dir_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const base = resolved.path;
  const stat = await context.sandbox.stat(base);
  if (stat === null) return errorResult('DIRECTORY_NOT_FOUND', `Directory not found: ${shownPath(base)}`);
  if (stat.kind === 'file') return errorResult('PATH_IS_NOT_A_DIRECTORY', `dir_path is a file, not a directory: ${base}`);
  const isMatch = picomatch(relativePattern(args.pattern, paths), { dot: true, nocase: true });
  const walk = await walkFiles(context.sandbox, base, {
    skip: skipSetFor(args.pattern),
    maxEntries: limits.maxVisited,
    signal: context.signal,
  });
  const prefix = base === '' ? 0 : base.length + 1;
  // Relative to dir_path; a pattern that repeats dir_path ("src/**" in "src") also matches.
  const matches = walk.files.filter((path) => isMatch(path.slice(prefix)) || (prefix > 0 && isMatch(path)));
  const where = base === '' ? 'the workspace' : base;
  const notes: string[] = [];
  if (walk.truncated) notes.push(`The search stopped after ${limits.maxVisited} entries; narrow dir_path to search the rest.`);
  if (matches.length === 0) {
    const text = [`No files found matching "${args.pattern}" in ${where}.`, ...notes].join(' ');
    return { llmContent: text, display: { type: 'files', paths: [], note: text } };
  }
  const shown = matches.slice(0, limits.maxResults);
  if (matches.length > shown.length) {
    notes.push(`Showing the first ${shown.length} of ${matches.length} matches; use a narrower pattern or dir_path.`);
  }
  const count = `${matches.length} file${matches.length === 1 ? '' : 's'}`;
  const llmContent = [`Found ${count} matching "${args.pattern}" in ${where}:`, ...shown, ...(notes.length ? ['', ...notes] : [])].join('\n');
  const note = notes.length > 0 ? notes.join(' ') : undefined;
  return { llmContent, display: note ? { type: 'files', paths: shown, note } : { type: 'files', paths: shown } };
}

/** An absolute pattern under a workspace root ("/home/project/src/*.ts") becomes workspace-relative. */
function relativePattern(pattern: string, paths: WorkspacePathOptions): string {
  const relative = pattern.replace(/^\.\//, '');
  if (!relative.startsWith('/')) return relative;
  const root = (paths.roots ?? DEFAULT_WORKSPACE_ROOTS).find((candidate) => relative.startsWith(`${candidate}/`));
  return root === undefined ? relative : relative.slice(root.length + 1);
}
