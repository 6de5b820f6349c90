/**
 * Turns whatever a file-system backend throws (Node, WebContainer and just-bash all throw
 * `Error`s whose `code` or message starts with an errno name) into a SandboxError value.
 */
import { messageOf } from '../shared/errors';
import type { SandboxError } from './types';
import { isSandboxError, sandboxError } from './types';

const ERRNO = /\b(ENOENT|EISDIR|ENOTDIR|EEXIST|ENOTEMPTY|EINVAL|ELOOP|EACCES|EPERM)\b/;

export function toSandboxError(thrown: unknown, path: string, action: string): SandboxError {
  if (isSandboxError(thrown)) return thrown;
  const code = errnoOf(thrown);
  const where = JSON.stringify(path === '' ? '.' : path);
  switch (code) {
    case 'ENOENT':
      return sandboxError('ENOENT', `Cannot ${action} ${where}: no such file or directory.`, path);
    case 'EISDIR':
      return sandboxError('EISDIR', `Cannot ${action} ${where}: it is a directory.`, path);
    case 'ENOTDIR':
      return sandboxError('ENOTDIR', `Cannot ${action} ${where}: a parent is a file, not a directory.`, path);
    case 'EEXIST':
      return sandboxError('EEXIST', `Cannot ${action} ${where}: something already exists there.`, path);
    case 'ENOTEMPTY':
      return sandboxError('EINVAL', `Cannot ${action} ${where}: the directory is not empty (pass recursive).`, path);
    case 'ELOOP':
      return sandboxError('EINVAL', `Cannot ${action} ${where}: too many symlinks.`, path);
    default:
      return sandboxError('EIO', `Cannot ${action} ${where}: ${messageOf(thrown)}`, path);
  }
}

function errnoOf(thrown: unknown): string | undefined {
  if (thrown && typeof thrown === 'object' && 'code' in thrown) {
    const code = (thrown as { code: unknown }).code;
    if (typeof code === 'string' && ERRNO.test(code)) return code;
  }
  return ERRNO.exec(messageOf(thrown))?.[1];
}
