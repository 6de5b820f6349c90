/**
 * A folder's files that arrive in parts (`import-part` requests) before the import that names
 * them (`{ kind: 'parts', partsId, count }`). Only the latest set is kept: parts of an import the
 * page gave up on (or one refused before it got here) are dropped when the next one starts, so
 * nothing piles up. A set is used once, and an import whose files did not all arrive is refused.
 */
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import type { ImportSource, PickedFile, WholeImportSource } from '../protocol';
import { notImported } from './import-plan';

export interface ImportParts {
  add(partsId: string, files: readonly PickedFile[]): void;
  /** The import's source with its files together; a source that came whole is returned as it is. */
  take(source: ImportSource): Result<WholeImportSource, AppError>;
}

export function createImportParts(): ImportParts {
  let latest: { partsId: string; files: PickedFile[] } | null = null;
  return {
    add(partsId, files) {
      if (latest?.partsId !== partsId) latest = { partsId, files: [] };
      for (const file of files) latest.files.push(file);
    },
    take(source) {
      if (source.kind !== 'parts') return ok(source);
      const set = latest?.partsId === source.partsId ? latest : null;
      if (set) latest = null;
      const files = set?.files ?? [];
      if (files.length !== source.count) {
        return err(notImported(source.name, `only ${files.length.toLocaleString('en')} of its ${source.count.toLocaleString('en')} files reached the import (try again).`));
      }
      return ok({ kind: 'files', name: source.name, files, ...(source.skippedFolders ? { skippedFolders: source.skippedFolders } : {}) });
    },
  };
}
