/**
 * What comes into a workspace from outside: the paths of a ZIP's entries or of a picked or
 * dropped folder's files, and how much of it one import may hold. Pure: the page uses it while it
 * walks a folder, the worker before it writes anything.
 *
 * Those paths are untrusted: a hostile ZIP names "../../x", "/etc/passwd", "C:\\x" or "a\u0000b".
 * `checkImportedPath` accepts only a plain relative path that stays inside the workspace and that
 * the tools can name as it is (resolveWorkspacePath gives it back unchanged). Anything else is
 * refused, never "repaired": an archive that tries to leave the workspace is not imported at all.
 *
 * Some folders are never part of a session: dependencies and version control (the sandbox
 * rebuilds the one and cannot use the other). The workspace scan leaves them out of what it
 * keeps, and an import skips them, saying so.
 */
import { resolveWorkspacePath } from './workspace-path';
import { IMPORT_MAX_ARCHIVE_BYTES, IMPORT_MAX_BYTES, WORKSPACE_MAX_FILES } from './limits';

export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  '.cache',
  '.npm',
  '.pnpm-store',
  '__pycache__',
  '.venv',
  // macOS's resource forks inside ZIPs it made.
  '__MACOSX',
]);

/** Desktop litter, never project content. */
export const SKIPPED_FILES: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db']);

export interface ImportLimits {
  /** Bytes of all imported files together (after skipping). */
  maxBytes: number;
  maxFiles: number;
  /** A ZIP larger than this is not read at all. */
  maxArchiveBytes: number;
}


/** docs/architecture.md "Decisions": one import holds at most 50 MB in 5,000 files; a ZIP is read up to 200 MB. */
export const IMPORT_LIMITS: Readonly<ImportLimits> = Object.freeze({ maxBytes: IMPORT_MAX_BYTES, maxFiles: WORKSPACE_MAX_FILES, maxArchiveBytes: IMPORT_MAX_ARCHIVE_BYTES });

/** The skipped folder ("node_modules/") or file (".DS_Store") a path is left out for, else null. */
export function skippedBy(path: string): string | null {
  const segments = path.split('/');
  const last = segments.length - 1;
  for (const [index, segment] of segments.entries()) {
    if (index < last && SKIPPED_FOLDERS.has(segment)) return `${segment}/`;
  }
  const name = segments[last] ?? '';
  return SKIPPED_FILES.has(name) ? name : null;
}

/** True for a folder name the walk of a picked or dropped folder does not enter. */
export function isSkippedFolder(name: string): boolean {
  return SKIPPED_FOLDERS.has(name);
}

export type ImportedPath = { ok: true; path: string } | { ok: false; reason: string };

// eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const DRIVE = /^[a-zA-Z]:/;
const MAX_SEGMENT_LENGTH = 255;

/** A path from a ZIP or a folder, checked: a workspace-relative path, or why it is refused. */
export function checkImportedPath(raw: string): ImportedPath {
  const shown = JSON.stringify(raw.length > 120 ? `${raw.slice(0, 120)}…` : raw);
  const refuse = (why: string): ImportedPath => ({ ok: false, reason: `${shown} ${why}` });
  if (raw === '') return refuse('has no name');
  if (CONTROL_CHARACTER.test(raw)) return refuse('contains a NUL or control character');
  if (raw.includes('\\')) return refuse('contains a backslash (a Windows path)');
  if (raw.startsWith('/')) return refuse('is an absolute path');
  if (DRIVE.test(raw)) return refuse('names a drive (a Windows absolute path)');
  const segments = raw.split('/');
  if (segments.includes('..')) return refuse('goes up out of the workspace with ".."');
  if (segments.some((segment) => segment === '' || segment === '.')) return refuse('has an empty or "." part');
  if (segments[0] === '~') return refuse('points into a home directory ("~")');
  if (segments.some((segment) => segment.length > MAX_SEGMENT_LENGTH)) return refuse(`has a name longer than ${MAX_SEGMENT_LENGTH} characters`);
  const resolved = resolveWorkspacePath(raw);
  if (!resolved.ok || resolved.path !== raw) return refuse('is not a plain path inside the workspace');
  return { ok: true, path: raw };
}

