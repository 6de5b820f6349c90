/**
 * list_directory {dir_path}: the entries of one folder, folders first (with a trailing
 * "/"), then files with their sizes; capped with a note.
 */
import { z } from 'zod';
import type { DirEntry, Sandbox } from '../sandbox/types';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { joinWorkspacePath } from '../shared/workspace-path';
import { formatBytes } from '../shared/format-bytes';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath, resolvedOrRaw } from './tool-paths';
import { errorResult, shownPath } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool } from './workspace-tool';
import { comparePaths } from './workspace-walk';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type ListDirectoryArgs = {
  dir_path: string;
};

export interface ListDirectoryOptions {
  workspaceRoots?: string[];
  /** Most entries listed (default 500). */
  maxEntries?: number;
}

const schema = z.object({ dir_path: z.string().describe('Directory relative to the workspace root ("." for the root).') });

export function summarize(args: ListDirectoryArgs, options?: WorkspacePathOptions): string {
  return resolvedOrRaw(args.dir_path === '' ? '.' : args.dir_path, options);
}

export function createListDirectoryTool(options: ListDirectoryOptions = {}): WorkspaceTool<ListDirectoryArgs> {
  const paths = { roots: options.workspaceRoots };
  const maxEntries = options.maxEntries ?? 500;
  return defineTool<ListDirectoryArgs>({
    name: 'list_directory',
    kind: 'read',
    description: 'Lists the files and folders in a directory: folders first with a trailing "/", files with sizes.',
    schema,
    checks: [pathCheck('dir_path', (value) => value.dir_path, paths)],
    failureType: 'LIST_DIRECTORY_FAILURE',
    summarize: (args) => summarize(args, paths),
    preview: async (args) => ({ type: 'text', text: `List ${summarize(args, paths)}` }),
    affectedPaths: () => [],
    run: (args, context) => listDirectory(args.dir_path, context.sandbox, paths, maxEntries),
  });
}

async function listDirectory(dirPath: string, sandbox: Sandbox, paths: WorkspacePathOptions, maxEntries: number): Promise<ToolResult> {
  const resolved = resolveToolPath(dirPath, 'dir_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const path = resolved.path;
  const shown = shownPath(path);
  const stat = await sandbox.stat(path);
  if (stat === null) return errorResult('DIRECTORY_NOT_FOUND', `Directory not found: ${shown}`);
  if (stat.kind === 'file') {
    return errorResult('PATH_IS_NOT_A_DIRECTORY', `Path is a file, not a directory: ${shown}. Use read_file to read it.`);
  }
  const entries = [...(await sandbox.readDir(path))].sort(compareEntries);
  if (entries.length === 0) {
    return { llmContent: `Directory ${shown} is empty.`, display: { type: 'files', paths: [], note: 'Empty directory' } };
  }
  const shownEntries = entries.slice(0, maxEntries);
  const sizes = await Promise.all(
    shownEntries.map((entry) =>
      entry.kind === 'file'
        ? sandbox.stat(joinWorkspacePath(path, entry.name)).then((info) => info?.size, () => undefined)
        : Promise.resolve(undefined),
    ),
  );
  const lines = shownEntries.map((entry, index) => {
    if (entry.kind === 'directory') return `${entry.name}/`;
    if (entry.kind === 'symlink') return `${entry.name} (symlink)`;
    const size = sizes[index];
    return size === undefined ? entry.name : `${entry.name} (${formatBytes(size)})`;
  });
  const note =
    entries.length > maxEntries
      ? `Showing the first ${maxEntries} of ${entries.length} entries; list a subfolder or use glob to narrow down.`
      : undefined;
  const llmContent = [`Directory listing for ${shown}:`, ...lines, ...(note ? ['', note] : [])].join('\n');
  const listed = shownEntries.map((entry) => joinWorkspacePath(path, entry.name) + (entry.kind === 'directory' ? '/' : ''));
  return { llmContent, display: note ? { type: 'files', paths: listed, note } : { type: 'files', paths: listed } };
}

function compareEntries(a: DirEntry, b: DirEntry): number {
  const folderFirst = Number(b.kind === 'directory') - Number(a.kind === 'directory');
  return folderFirst !== 0 ? folderFirst : comparePaths(a.name, b.name);
}
