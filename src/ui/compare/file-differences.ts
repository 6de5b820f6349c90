/**
 * The files at the end of two runs, compared: which paths differ, and how. Text files are shown
 * in a diff; a binary file (or one too large to diff) is named with its sizes only.
 */
import type { FileContent } from '../../store/types';

export interface SessionFile {
  path: string;
  content: FileContent;
}

export type FileChange = 'changed' | 'only-original' | 'only-fork';

export interface FileDifference {
  path: string;
  change: FileChange;
  /** null: the file is not in that run. */
  original: FileContent | null;
  fork: FileContent | null;
}

export interface FileComparison {
  differences: FileDifference[];
  /** Paths in both runs with the same content. */
  same: number;
}

/** Over this, a text is not put in a diff editor (the diff itself would take seconds). */
export const MAX_DIFF_BYTES = 2 * 1024 * 1024;

function sameContent(a: FileContent, b: FileContent): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false;
  return true;
}

/** Sorted by path. */
export function compareFiles(original: readonly SessionFile[], fork: readonly SessionFile[]): FileComparison {
  const before = new Map(original.map((file) => [file.path, file.content]));
  const after = new Map(fork.map((file) => [file.path, file.content]));
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const differences: FileDifference[] = [];
  let same = 0;
  for (const path of paths) {
    const left = before.get(path) ?? null;
    const right = after.get(path) ?? null;
    if (left !== null && right !== null && sameContent(left, right)) {
      same++;
      continue;
    }
    differences.push({ path, change: left === null ? 'only-fork' : right === null ? 'only-original' : 'changed', original: left, fork: right });
  }
  return { differences, same };
}

/** The texts to put in a diff, or null when either side is binary or too large. */
export function diffTexts(difference: FileDifference): { original: string; fork: string } | null {
  const texts = [difference.original ?? '', difference.fork ?? ''];
  if (texts.some((content) => typeof content !== 'string' || content.length > MAX_DIFF_BYTES)) return null;
  return { original: texts[0] as string, fork: texts[1] as string };
}

export function changeLabel(change: FileChange): string {
  return change === 'changed' ? 'changed' : change === 'only-original' ? 'only in the original' : 'only in the fork';
}
