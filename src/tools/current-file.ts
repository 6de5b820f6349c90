/** What is at a path before an edit: nothing, a directory, a text file or a binary file. */
import type { Sandbox } from '../sandbox/types';
import { binaryTypeGuess, decodeText } from './file-content';

export type CurrentFile =
  | { kind: 'missing' }
  | { kind: 'directory' }
  /** `text` keeps a leading BOM. */
  | { kind: 'text'; text: string }
  | { kind: 'binary'; size: number; type: string };

/** Rejects with the sandbox's error (e.g. EOUTSIDE through a symlink). */
export async function readCurrentFile(sandbox: Sandbox, path: string): Promise<CurrentFile> {
  const stat = await sandbox.stat(path);
  if (stat === null) return { kind: 'missing' };
  if (stat.kind === 'directory') return { kind: 'directory' };
  let bytes: Uint8Array;
  try {
    bytes = await sandbox.readFile(path);
  } catch (thrown) {
    // A dangling symlink: nothing to show as "before".
    if (stat.kind === 'symlink' && (thrown as { code?: unknown }).code === 'ENOENT') return { kind: 'missing' };
    throw thrown;
  }
  const text = decodeText(path, bytes, { keepBom: true });
  return text === null ? { kind: 'binary', size: bytes.length, type: binaryTypeGuess(path, bytes) } : { kind: 'text', text };
}

/** The "before" side of a diff for the person. */
export function beforeText(current: CurrentFile): string | null {
  switch (current.kind) {
    case 'missing':
    case 'directory':
      return null;
    case 'text':
      return current.text;
    case 'binary':
      return `[binary file: ${current.size} bytes, ${current.type}]`;
  }
}

export function countLines(text: string): number {
  if (text === '') return 0;
  const lines = text.split('\n').length;
  return text.endsWith('\n') ? lines - 1 : lines;
}
