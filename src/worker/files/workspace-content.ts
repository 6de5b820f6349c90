/**
 * How the synced workspace reads the sandbox: which files it keeps (skipped folders and files
 * over the size cap are left out), and how their bytes are kept: as text when they are UTF-8,
 * else as bytes, so every file comes back out byte for byte.
 */
import type { Sandbox } from '../../sandbox/types';
import type { AppError } from '../../shared/errors';
import type { FileChange } from '../../store/files';
import { isSkippedFolder } from '../../shared/imported-paths';
import { WORKSPACE_FILE_MAX_BYTES, WORKSPACE_MAX_FILES } from '../../shared/limits';

export function sameContent(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false;
  return true;
}

// ignoreBOM keeps a byte-order mark in the text (the default drops it, and the file would lose 3 bytes).
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Text when the bytes are valid UTF-8 without NUL (encoding it again gives the same bytes), else the bytes. */
export function asStoredContent(bytes: Uint8Array): string | Uint8Array {
  if (bytes.includes(0)) return bytes;
  try {
    return decoder.decode(bytes);
  } catch {
    return bytes;
  }
}

/** A scanned file's content as kept, or null when it is gone or over WORKSPACE_FILE_MAX_BYTES (left out). */
export async function readScanned(sandbox: Pick<Sandbox, 'stat' | 'readFile'>, path: string): Promise<string | Uint8Array | null> {
  const stat = await sandbox.stat(path).catch(() => null);
  if (!stat || stat.size > WORKSPACE_FILE_MAX_BYTES) return null;
  return asStoredContent(await sandbox.readFile(path).catch(() => new Uint8Array()));
}

/** The workspace's files under `dir`, skipped folders left out, up to WORKSPACE_MAX_FILES. */
export async function walkFiles(sandbox: Pick<Sandbox, 'readDir'>, dir: string, into: string[]): Promise<void> {
  const entries = await sandbox.readDir(dir).catch(() => []);
  for (const entry of entries) {
    if (into.length >= WORKSPACE_MAX_FILES) return;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') {
      if (!isSkippedFolder(entry.name)) await walkFiles(sandbox, path, into);
    } else if (entry.kind === 'file') {
      into.push(path);
    }
  }
}

/**
 * What a batch of changes replaces, taken from the files kept now (`before`): each file it
 * writes or removes, with its content (null: it did not exist). Putting these back undoes the
 * batch; their paths are the paths it changes.
 */
export function undoOf(changes: readonly FileChange[], before: ReadonlyMap<string, string | Uint8Array>): FileChange[] {
  const inside = (folder: string) => [...before.keys()].filter((path) => path === folder || path.startsWith(`${folder}/`));
  return changes.flatMap((change) =>
    (change.content === null ? inside(change.path) : [change.path]).map((path) => ({ path, content: before.get(path) ?? null })),
  );
}

/** What the person is told when changes in the sandbox could not be stored. */
export function unstoredNotice(paths: readonly string[], error: AppError): string {
  const named = paths.slice(0, 3).join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '');
  const files = paths.length === 1 ? 'It is' : 'They are';
  return `Not saved: ${named}. ${error.message} ${files} in the sandbox only until this tab closes; the next change or shell command saves again.`;
}
