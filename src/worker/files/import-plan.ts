/**
 * Decides what an import brings in before a byte of it is read or written: every path checked
 * (one hostile or clashing path refuses the whole import), skipped folders counted, and the
 * limits applied to what is left. All or nothing: a plan is either every file or an error that
 * says why nothing was imported.
 */
import { formatBytes } from '../../shared/format-bytes';
import { checkImportedPath, skippedBy } from '../../shared/imported-paths';
import type { ImportLimits } from '../../shared/imported-paths';
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { joinWorkspacePath } from '../../shared/workspace-path';
import type { SkippedEntry } from '../protocol';

export interface ImportEntry {
  /** As the archive or the folder names it: untrusted. */
  path: string;
  size: number;
}

export interface PlannedFile {
  /** Index of the entry in the list planned. */
  index: number;
  /** Workspace path: checked, under `into`. */
  path: string;
}

export interface ImportPlan {
  files: PlannedFile[];
  skipped: SkippedEntry[];
  bytes: number;
}

/** The error of an import that did not happen. */
export function notImported(name: string, why: string): AppError {
  return { kind: 'import', message: `${name} was not imported: ${why} Nothing was imported.` };
}

/**
 * `into`: the workspace folder the files go into ("" for the root). `skippedFolders`: folders the
 * page left out while walking (their files were never listed).
 */
export function planImport(
  name: string,
  entries: readonly ImportEntry[],
  limits: ImportLimits,
  into = '',
  skippedFolders: readonly string[] = [],
): Result<ImportPlan, AppError> {
  const skipped = new Map<string, number | undefined>();
  for (const folder of skippedFolders) skipped.set(`${folder.slice(folder.lastIndexOf('/') + 1)}/`, undefined);
  const files: PlannedFile[] = [];
  const seen = new Set<string>();
  let bytes = 0;
  for (const [index, entry] of entries.entries()) {
    const checked = checkImportedPath(entry.path);
    if (!checked.ok) return err(notImported(name, `${checked.reason}.`));
    const skip = skippedBy(checked.path);
    if (skip) {
      if (!skipped.has(skip) || skipped.get(skip) !== undefined) skipped.set(skip, (skipped.get(skip) ?? 0) + 1);
      continue;
    }
    const path = joinWorkspacePath(into, checked.path);
    if (seen.has(path)) return err(notImported(name, `it holds ${JSON.stringify(path)} twice.`));
    seen.add(path);
    files.push({ index, path });
    bytes += entry.size;
  }
  const clash = fileFolderClash(seen);
  if (clash) return err(notImported(name, `${JSON.stringify(clash)} is both a file and a folder in it.`));
  if (files.length > limits.maxFiles) {
    return err(notImported(name, `it holds ${files.length.toLocaleString('en')} files (after skipping), more than the ${limits.maxFiles.toLocaleString('en')} one import may hold. Import a smaller folder.`));
  }
  if (bytes > limits.maxBytes) {
    return err(notImported(name, `its files come to ${formatBytes(bytes)} (after skipping), more than the ${formatBytes(limits.maxBytes)} one import may hold. Import a smaller folder, or leave large assets out.`));
  }
  return ok({ files, skipped: [...skipped].map(([skippedName, count]) => (count === undefined ? { name: skippedName } : { name: skippedName, files: count })), bytes });
}

/** A path that is a file and also the folder of another path, else null. */
export function fileFolderClash(paths: ReadonlySet<string>): string | null {
  for (const path of paths) {
    for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
      const folder = path.slice(0, slash);
      if (paths.has(folder)) return folder;
    }
  }
  return null;
}
