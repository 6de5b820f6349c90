/**
 * A recursive walk of the workspace through the Sandbox interface, for glob and
 * grep_search. Directories of one level are read in parallel batches; symlinks are
 * listed but never followed (no cycles, no escapes). Bounded by `maxEntries`.
 */
import type { Sandbox } from '../sandbox/types';
import { joinWorkspacePath } from '../shared/workspace-path';

/** Folders skipped unless the pattern names them. */
export const SKIPPED_DIRECTORIES: readonly string[] = ['node_modules', '.git'];

export interface WalkOptions {
  /** Folder names not descended into. */
  skip: ReadonlySet<string>;
  /** Stop after visiting this many entries (files and folders). */
  maxEntries: number;
  signal?: AbortSignal;
}

export interface WalkResult {
  /** Workspace-relative paths of files and symlinks, sorted. */
  files: string[];
  /** True when `maxEntries` stopped the walk early. */
  truncated: boolean;
}

const PARALLEL_READS = 32;

/** Rejects only when `base` itself cannot be read (the caller reports it). */
export async function walkFiles(sandbox: Sandbox, base: string, options: WalkOptions): Promise<WalkResult> {
  const files: string[] = [];
  let visited = 0;
  let truncated = false;
  let level = [base];
  let first = true;
  while (level.length > 0 && !truncated && !options.signal?.aborted) {
    const next: string[] = [];
    for (let start = 0; start < level.length && !truncated; start += PARALLEL_READS) {
      const batch = level.slice(start, start + PARALLEL_READS);
      const listings = await Promise.all(
        batch.map((directory) =>
          first ? sandbox.readDir(directory) : sandbox.readDir(directory).catch(() => []),
        ),
      );
      first = false;
      listings.forEach((entries, index) => {
        const directory = batch[index] ?? '';
        for (const entry of entries) {
          if (visited >= options.maxEntries) {
            truncated = true;
            return;
          }
          visited++;
          const path = joinWorkspacePath(directory, entry.name);
          if (entry.kind === 'directory') {
            if (!options.skip.has(entry.name)) next.push(path);
          } else {
            files.push(path);
          }
        }
      });
    }
    level = next;
  }
  files.sort(comparePaths);
  return { files, truncated };
}

/** The skip set for a walk: SKIPPED_DIRECTORIES minus any the given patterns mention. */
export function skipSetFor(...patterns: Array<string | undefined>): Set<string> {
  return new Set(SKIPPED_DIRECTORIES.filter((name) => !patterns.some((pattern) => pattern?.includes(name))));
}

/** Plain code-unit order, so results are stable across runs and sandboxes. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
