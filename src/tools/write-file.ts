/**
 * write_file {file_path, content}: creates or overwrites a whole file, creating folders.
 * Refuses a directory target and content that elides code with placeholder comments.
 */
import { z } from 'zod';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { beforeText, countLines, readCurrentFile } from './current-file';
import { newPlaceholder, omissionMessage } from './omission-guard';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath, resolvedOrRaw } from './tool-paths';
import { errorResult } from './tool-result';
import type { ToolPreview } from '../shared/tool-display';
import type { ToolResult } from './types';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type WriteFileArgs = {
  file_path: string;
  content: string;
};

export interface WriteFileOptions {
  workspaceRoots?: string[];
}

const schema = z.object({
  file_path: z.string().min(1).describe('Path relative to the workspace root.'),
  content: z.string().describe('The complete new content of the file.'),
});

export function summarize(args: WriteFileArgs, options?: WorkspacePathOptions): string {
  return resolvedOrRaw(args.file_path, options);
}

export function createWriteFileTool(options: WriteFileOptions = {}): WorkspaceTool<WriteFileArgs> {
  const paths = { roots: options.workspaceRoots };
  return defineTool<WriteFileArgs>({
    name: 'write_file',
    kind: 'edit',
    description:
      'Writes a whole file, creating it and its folders if needed, replacing any current content. ' +
      'Give the complete content: no placeholders such as "// rest of code unchanged". For small changes use edit.',
    schema,
    checks: [pathCheck('file_path', (value) => value.file_path, paths)],
    failureType: 'FILE_WRITE_FAILURE',
    summarize: (args) => summarize(args, paths),
    preview: (args, context) => preview(args, context, paths),
    affectedPaths: (args) => [summarize(args, paths)],
    run: (args, context) => writeFile(args, context, paths),
  });
}

async function preview(args: WriteFileArgs, context: WorkspaceToolContext, paths: WorkspacePathOptions): Promise<ToolPreview> {
  const resolved = resolveToolPath(args.file_path, 'file_path', paths);
  if (!resolved.ok) return { type: 'text', text: resolved.error.message };
  try {
    const current = await readCurrentFile(context.sandbox, resolved.path);
    return { type: 'diff', path: resolved.path, before: beforeText(current), after: args.content };
  } catch {
    return { type: 'diff', path: resolved.path, before: null, after: args.content };
  }
}

async function writeFile(args: WriteFileArgs, context: WorkspaceToolContext, paths: WorkspacePathOptions): Promise<ToolResult> {
  const resolved = resolveToolPath(args.file_path, 'file_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const path = resolved.path;
  if (path === '') return errorResult('TARGET_IS_DIRECTORY', 'Cannot write to the workspace root: it is a directory.');
  const current = await readCurrentFile(context.sandbox, path);
  if (current.kind === 'directory') {
    return errorResult('TARGET_IS_DIRECTORY', `Cannot write to ${path}: it is a directory.`);
  }
  const placeholder = newPlaceholder(args.content, current.kind === 'text' ? current.text : null);
  if (placeholder !== null) return errorResult('OMISSION_PLACEHOLDER', omissionMessage('content', placeholder, true));
  await context.sandbox.writeFile(path, args.content);
  const lines = countLines(args.content);
  const llmContent =
    current.kind === 'missing'
      ? `Created new file ${path} with ${lines} line${lines === 1 ? '' : 's'}.`
      : `Overwrote ${path} with ${lines} line${lines === 1 ? '' : 's'}.`;
  return { llmContent, display: { type: 'diff', path, before: beforeText(current), after: args.content } };
}
