/**
 * Every path a model gives goes through `resolveWorkspacePath` before any sandbox call
 * (spec/reliability.md rule 11). Lexical escapes (`..`, absolute paths outside, encoded
 * variants) are refused here; symlink escapes are refused by the sandbox (EOUTSIDE).
 */
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { resolveWorkspacePath } from '../shared/workspace-path';
import type { ToolError } from './types';

export type ToolPathResult = { ok: true; path: string } | { ok: false; error: ToolError };

export function resolveToolPath(input: string, parameter: string, options?: WorkspacePathOptions): ToolPathResult {
  const result = resolveWorkspacePath(input, options);
  if (result.ok) return result;
  const type = result.error.code === 'EOUTSIDE' ? 'PATH_OUTSIDE_WORKSPACE' : 'INVALID_PATH';
  return { ok: false, error: { type, message: `Invalid ${parameter}: ${result.error.message}` } };
}

/** The resolved path for titles and checkpoints, or the raw input when it does not resolve. */
export function resolvedOrRaw(input: string, options?: WorkspacePathOptions): string {
  const result = resolveWorkspacePath(input, options);
  if (!result.ok) return input;
  return result.path === '' ? '.' : result.path;
}
