/**
 * Building ToolResults, and turning what the sandbox rejects with into ToolError values
 * (STYLE.md §8: errors are values; `execute` never rejects).
 */
import { messageOf } from '../shared/errors';
import { isSandboxError } from '../sandbox/types';
import type { ToolDisplay } from '../shared/tool-display';
import type { ToolResult } from './types';

export function errorResult(type: string, message: string, display?: ToolDisplay): ToolResult {
  return display === undefined
    ? { llmContent: message, error: { type, message } }
    : { llmContent: message, error: { type, message }, display };
}

/** Tool error types for sandbox error codes; anything unexpected is a generic failure of `fallback`. */
const TYPE_BY_CODE: Record<string, string> = {
  ENOENT: 'FILE_NOT_FOUND',
  EISDIR: 'TARGET_IS_DIRECTORY',
  ENOTDIR: 'PATH_IS_NOT_A_DIRECTORY',
  EEXIST: 'FILE_EXISTS',
  EOUTSIDE: 'PATH_OUTSIDE_WORKSPACE',
  EINVAL: 'INVALID_PATH',
  EUNSUPPORTED: 'UNSUPPORTED_OPERATION',
};

/**
 * A thrown value or rejected SandboxError as a failed ToolResult. A symlink escape
 * (SandboxError EOUTSIDE) becomes PATH_OUTSIDE_WORKSPACE.
 */
export function sandboxFailure(thrown: unknown, fallback: string): ToolResult {
  if (isSandboxError(thrown)) return errorResult(TYPE_BY_CODE[thrown.code] ?? fallback, thrown.message);
  return errorResult(fallback, messageOf(thrown));
}

/** The sandbox error code of a thrown value, if it is a SandboxError. */
export function sandboxCodeOf(thrown: unknown): string | undefined {
  return isSandboxError(thrown) ? thrown.code : undefined;
}

/** "" (the workspace root) shown as "." to people and models. */
export function shownPath(path: string): string {
  return path === '' ? '.' : path;
}
