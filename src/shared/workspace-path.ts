/**
 * Workspace paths (spec/reliability.md rule 11). Every path a model supplies goes through
 * `resolveWorkspacePath` before any file-system call. The result is a normalized,
 * workspace-relative POSIX path: no leading "/", no "." or ".." segments, no empty
 * segments, "" for the workspace root.
 *
 * This is lexical only: symlinks are the sandbox's business (it checks real paths).
 * Pure: no I/O, usable on every thread.
 */

export interface WorkspacePathError {
  kind: 'path';
  code: 'EOUTSIDE' | 'EINVAL';
  message: string;
}

export type WorkspacePathResult = { ok: true; path: string } | { ok: false; error: WorkspacePathError };

export interface WorkspacePathOptions {
  /** Absolute paths that name the workspace root. Defaults to `DEFAULT_WORKSPACE_ROOTS`. */
  roots?: string[];
}

/** WebContainer's workdir (`workdirName: 'project'`) and the offline sandbox's root. */
export const DEFAULT_WORKSPACE_ROOTS: readonly string[] = ['/home/project', '/workspace'];

const MAX_PATH_LENGTH = 4096;
/** A percent escape, including IIS-style `%u002e`. */
const PERCENT_ESCAPE = /%(?:[0-9a-fA-F]{2}|u[0-9a-fA-F]{4})/;
/** Escapes that decode to a separator, a dot, a percent sign or a control character, or overlong UTF-8 lead bytes. */
const DANGEROUS_ESCAPE = /%(?:2[eEfF5]|5[cC]|[01][0-9a-fA-F]|7[fF]|[cC][01]|[eE]0%[89][0-9a-fA-F]|u00(?:2[eEfF5]|5[cC]|[01][0-9a-fA-F]))/;
const URL_SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//;
const DRIVE_LETTER = /^[a-zA-Z]:[\\/]/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export function resolveWorkspacePath(input: string, options?: WorkspacePathOptions): WorkspacePathResult {
  if (typeof input !== 'string') return invalid(`Path must be a string, got ${typeof input}.`);
  const shown = show(input);
  if (input.length > MAX_PATH_LENGTH) return invalid(`Path ${shown} is longer than ${MAX_PATH_LENGTH} characters.`);
  if (input.includes('\u0000')) return invalid(`Path ${shown} contains a NUL byte.`);
  if (CONTROL_CHARACTER.test(input)) return invalid(`Path ${shown} contains a control character (such as a newline).`);
  if (URL_SCHEME.test(input)) return invalid(`Path ${shown} is a URL; give a file path instead.`);
  if (DRIVE_LETTER.test(input)) return outside(`Path ${shown} is a Windows path outside the workspace.`);
  if (input.includes('\\')) {
    return escapes(input.replaceAll('\\', '/'), options)
      ? outside(`Path ${shown} uses backslashes to leave the workspace.`)
      : invalid(`Path ${shown} contains a backslash; use "/" as the separator.`);
  }
  if (PERCENT_ESCAPE.test(input)) {
    if (escapes(decodeFully(input), options)) return outside(`Path ${shown} is percent-encoded to leave the workspace.`);
    if (DANGEROUS_ESCAPE.test(input)) {
      return invalid(`Path ${shown} contains a percent-encoded ".", "/", "\\", "%" or control character; write the path plainly.`);
    }
  }
  const result = resolvePlain(input, shown, rootsOf(options));
  if (input === '~' || input.startsWith('~/') || (result.ok && (result.path === '~' || result.path.startsWith('~/')))) {
    return outside(`Path ${shown} points into a home directory ("~").`);
  }
  return result;
}

/** Joins already-normalized workspace paths or names; skips "" and "." parts. Does not resolve "..". */
export function joinWorkspacePath(...parts: string[]): string {
  return parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

/** Parent of a normalized workspace path; the root's parent is the root (""). */
export function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? '' : path.slice(0, index);
}

/** Every folder of these normalized paths: "a" and "a/b" for "a/b/c.txt" (a workspace keeps files; its folders are their prefixes). */
export function foldersOf(paths: Iterable<string>): Set<string> {
  const folders = new Set<string>();
  for (const path of paths) for (let folder = parentOf(path); folder !== '' && !folders.has(folder); folder = parentOf(folder)) folders.add(folder);
  return folders;
}

/** Last segment of a normalized workspace path; "" for the root. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function resolvePlain(input: string, shown: string, roots: string[]): WorkspacePathResult {
  if (input.startsWith('/')) {
    const absolute = normalizeAbsolutePath(input);
    for (const root of roots) {
      if (absolute === root) return { ok: true, path: '' };
      if (absolute.startsWith(`${root}/`)) return { ok: true, path: absolute.slice(root.length + 1) };
    }
    return outside(`Path ${shown} is an absolute path outside the workspace (${roots.join(' or ')}).`);
  }
  const segments: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return outside(`Path ${shown} goes above the workspace root with "..".`);
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  return { ok: true, path: segments.join('/') };
}

/** Lexical POSIX normalization of an absolute path: "." and empty segments go, ".." pops ("/.." stays "/"). */
export function normalizeAbsolutePath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

function rootsOf(options?: WorkspacePathOptions): string[] {
  const roots = options?.roots ?? DEFAULT_WORKSPACE_ROOTS;
  return roots
    .map((root) => normalizeAbsolutePath(root))
    .filter((root) => root !== '/')
    .sort((a, b) => b.length - a.length);
}

/** Would this (decoded or de-backslashed) text leave the workspace if taken literally? */
function escapes(text: string, options?: WorkspacePathOptions): boolean {
  if (text.includes('\u0000')) return true;
  const result = resolvePlain(text, '', rootsOf(options));
  return !result.ok || text === '~' || text.startsWith('~/');
}

/** Decodes percent escapes repeatedly (double and triple encoding), tolerating malformed input. */
function decodeFully(text: string): string {
  let current = text;
  for (let round = 0; round < 5 && PERCENT_ESCAPE.test(current); round++) {
    const next = current
      .replace(/%u([0-9a-fA-F]{4})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/%[eE]0%[89][0-9a-fA-F]%([89abAB][0-9a-fA-F])/g, (_match, last: string) => overlong(0, last))
      .replace(/%([cC][01])%([89abAB][0-9a-fA-F])/g, (_match, lead: string, last: string) => overlong(parseInt(lead, 16) & 0x1f, last))
      .replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === current) break;
    current = next;
  }
  return current.replaceAll('\\', '/');
}

/** Decodes an overlong UTF-8 sequence (such as %c0%ae for ".") the way lax decoders do. */
function overlong(high: number, last: string): string {
  return String.fromCharCode((high << 6) | (parseInt(last, 16) & 0x3f));
}

function show(input: string): string {
  const shortened = input.length > 200 ? `${input.slice(0, 200)}…` : input;
  return JSON.stringify(shortened);
}

const RULE = 'Paths must be inside the workspace: relative like "src/app.ts", or absolute under the workspace root.';

function invalid(message: string): WorkspacePathResult {
  return { ok: false, error: { kind: 'path', code: 'EINVAL', message: `${message} ${RULE}` } };
}

function outside(message: string): WorkspacePathResult {
  return { ok: false, error: { kind: 'path', code: 'EOUTSIDE', message: `${message} ${RULE}` } };
}
