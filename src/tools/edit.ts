/**
 * edit {file_path, old_string, new_string, replace_all?} (alias `replace`): exact-match
 * replacement with Qwen Code's semantics; see edit-replacement.ts.
 */
import { z } from 'zod';
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { readCurrentFile } from './current-file';
import { computeEdit } from './edit-replacement';
import { defineTool } from './define-tool';
import { pathCheck } from './tool-args';
import { resolveToolPath, resolvedOrRaw } from './tool-paths';
import { errorResult, sandboxFailure } from './tool-result';
import type { ToolPreview } from '../shared/tool-display';
import type { ToolResult } from './types';
import type { WorkspaceTool, WorkspaceToolContext } from './workspace-tool';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type EditArgs = {
  file_path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
};

export interface EditOptions {
  workspaceRoots?: string[];
}

const schema = z.object({
  file_path: z.string().min(1).describe('Path relative to the workspace root.'),
  old_string: z.string().describe('The exact literal text to replace (empty to create a file).'),
  new_string: z.string().describe('The exact literal replacement text, in full (no placeholders).'),
  replace_all: z.boolean().optional().describe('Replace every occurrence (default false).'),
});

export function summarize(args: EditArgs, options?: WorkspacePathOptions): string {
  return resolvedOrRaw(args.file_path, options);
}

export function createEditTool(options: EditOptions = {}): WorkspaceTool<EditArgs> {
  const paths = { roots: options.workspaceRoots };
  return defineTool<EditArgs>({
    name: 'edit',
    kind: 'edit',
    description:
      'Replaces exact text in a file. old_string must match the file literally (whitespace and indentation included) ' +
      'and exactly once, unless replace_all is true; include enough surrounding lines to make it unique. ' +
      'An empty old_string creates a new file. Read the file first.',
    schema,
    checks: [pathCheck('file_path', (value) => value.file_path, paths)],
    failureType: 'FILE_WRITE_FAILURE',
    summarize: (args) => summarize(args, paths),
    preview: (args, context) => preview(args, context, paths),
    affectedPaths: (args) => [summarize(args, paths)],
    run: (args, context) => edit(args, context, paths),
  });
}

/** The whole file before and after, computed without writing. */
async function preview(args: EditArgs, context: WorkspaceToolContext, paths: WorkspacePathOptions): Promise<ToolPreview> {
  const resolved = resolveToolPath(args.file_path, 'file_path', paths);
  if (!resolved.ok) return { type: 'text', text: resolved.error.message };
  try {
    const outcome = computeEdit(resolved.path, await readCurrentFile(context.sandbox, resolved.path), args);
    if (!outcome.ok) return { type: 'text', text: `This edit will fail: ${outcome.error.message}` };
    return { type: 'diff', path: resolved.path, before: outcome.before, after: outcome.after };
  } catch (thrown) {
    return { type: 'text', text: sandboxFailure(thrown, 'FILE_WRITE_FAILURE').error?.message ?? '' };
  }
}

async function edit(args: EditArgs, context: WorkspaceToolContext, paths: WorkspacePathOptions): Promise<ToolResult> {
  const resolved = resolveToolPath(args.file_path, 'file_path', paths);
  if (!resolved.ok) return errorResult(resolved.error.type, resolved.error.message);
  const path = resolved.path;
  if (path === '') return errorResult('TARGET_IS_DIRECTORY', 'Cannot edit the workspace root: it is a directory.');
  const outcome = computeEdit(path, await readCurrentFile(context.sandbox, path), args);
  if (!outcome.ok) return errorResult(outcome.error.type, outcome.error.message);
  await context.sandbox.writeFile(path, outcome.after);
  const display = { type: 'diff', path, before: outcome.before, after: outcome.after } as const;
  if (outcome.created) return { llmContent: `Created new file: ${path} with provided content.`, display };
  const replaced = outcome.occurrences > 1 ? ` (${outcome.occurrences} occurrences replaced)` : '';
  const llmContent = [`The file: ${path} has been updated${replaced}.`, outcome.snippet].filter(Boolean).join(' ');
  return { llmContent, display };
}
