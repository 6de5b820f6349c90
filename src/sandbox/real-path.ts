/**
 * Symlink-aware containment (spec/reliability.md rule 11): after the lexical check of
 * `resolveWorkspacePath`, walk the path one segment at a time and follow every symlink met,
 * refusing with EOUTSIDE as soon as a link leads outside the workspace root. Dangling links
 * are followed too, so a write can never create a file outside through one.
 *
 * Both sandboxes use this walker; each supplies a `LinkInspector` for its file system.
 */
import type { WorkspacePathOptions } from '../shared/workspace-path';
import { normalizeAbsolutePath, resolveWorkspacePath } from '../shared/workspace-path';
import type { SandboxError } from './types';
import { sandboxError } from './types';

export type EntryKind = 'file' | 'directory' | 'symlink';

export interface LinkInspector {
  /** Kind of the entry at an absolute path without following a final symlink; null when nothing is there. */
  lstat(absolute: string): Promise<EntryKind | null>;
  /** Where the symlink at `absolute` points, as an absolute path (it may contain further links); null when unknown. */
  linkTarget(absolute: string): Promise<string | null>;
}

export interface ResolvedPath {
  /** Normalized workspace-relative path as the caller wrote it. */
  relative: string;
  /** Absolute path in the sandbox's file system, symlinks resolved (except a final one when not followed). */
  absolute: string;
  /** What is at `absolute` (null: nothing). Symlinks followed unless `followFinal` was false. */
  kind: EntryKind | null;
}

export type ResolvedPathResult = { ok: true; value: ResolvedPath } | { ok: false; error: SandboxError };

const MAX_LINK_HOPS = 40;

/** Lexical check only; use `resolveRealPath` before touching the file system. */
export function resolveLexical(path: string, options?: WorkspacePathOptions): { ok: true; path: string } | { ok: false; error: SandboxError } {
  const result = resolveWorkspacePath(path, options);
  if (result.ok) return result;
  return { ok: false, error: sandboxError(result.error.code, result.error.message, path) };
}

export async function resolveRealPath(
  root: string,
  path: string,
  inspector: LinkInspector,
  options: { followFinal: boolean; roots?: string[] },
): Promise<ResolvedPathResult> {
  const lexical = resolveLexical(path, { roots: options.roots ?? [root] });
  if (!lexical.ok) return lexical;
  let current: string[] = [];
  let pending = lexical.path === '' ? [] : lexical.path.split('/');
  let hops = 0;
  let missing = false;
  let kind: EntryKind | null = 'directory';
  while (pending.length > 0) {
    const [segment, ...rest] = pending;
    pending = rest;
    if (segment === undefined || segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (current.length === 0) return { ok: false, error: outsideError(path) };
      current = current.slice(0, -1);
      continue;
    }
    const candidate = [...current, segment];
    if (missing) {
      current = candidate;
      continue;
    }
    kind = await inspector.lstat(join(root, candidate));
    if (kind === null) missing = true;
    if (pending.length === 0 && !options.followFinal) {
      current = candidate;
      continue;
    }
    if (kind !== 'symlink') {
      current = candidate;
      continue;
    }
    hops += 1;
    const linkPath = candidate.join('/');
    if (hops > MAX_LINK_HOPS) {
      return { ok: false, error: sandboxError('EINVAL', `Path "${path}" goes through too many symlinks (a loop?).`, path) };
    }
    const target = await inspector.linkTarget(join(root, candidate));
    const inside = target === null ? null : insideRoot(root, normalizeAbsolutePath(target));
    if (inside === null) return { ok: false, error: outsideError(path, linkPath, target) };
    current = [];
    pending = [...inside, ...pending];
  }
  return { ok: true, value: { relative: lexical.path, absolute: join(root, current), kind: missing ? null : kind } };
}

function outsideError(path: string, link?: string, target?: string | null): SandboxError {
  const via =
    link === undefined
      ? 'resolves outside the workspace'
      : target
        ? `goes through the symlink "${link}", which points outside the workspace (to ${JSON.stringify(target)})`
        : `goes through the symlink "${link}", whose target cannot be checked`;
  return sandboxError('EOUTSIDE', `Path "${path}" ${via}. Paths must be inside the workspace; symlinks leading out are not followed.`, path);
}

function join(root: string, segments: string[]): string {
  return segments.length === 0 ? root : `${root === '/' ? '' : root}/${segments.join('/')}`;
}

/** Segments of `absolute` below `root`, or null when it is not inside. */
function insideRoot(root: string, absolute: string): string[] | null {
  const normalizedRoot = normalizeAbsolutePath(root);
  if (absolute === normalizedRoot) return [];
  const prefix = normalizedRoot === '/' ? '/' : `${normalizedRoot}/`;
  if (!absolute.startsWith(prefix)) return null;
  return absolute.slice(prefix.length).split('/');
}

/** Joins a link's directory and its (relative or absolute) target. */
export function linkTargetOf(linkAbsolute: string, target: string): string {
  if (target.startsWith('/')) return target;
  const directory = linkAbsolute.slice(0, linkAbsolute.lastIndexOf('/')) || '/';
  return `${directory}/${target}`;
}
