/**
 * Hands a folder's files to the worker in parts before the import that names them. Cloning a
 * file for a message costs the page up to ~0.5 ms (a directory input's files are looked up on
 * disk as they are cloned), so 2,000 files in one message held the page for about a second.
 * Each part is sent in a task of its own: the first after the one that picked the files (the
 * browser's listing of a folder is a long task already), each next one after the worker's
 * answer to the last.
 */
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { newId } from '../../shared/ids';
import type { WorkerResponse } from '../../worker/client';
import type { ImportSource, RequestOf } from '../../worker/protocol';
import { IMPORT_FILES_PER_PART } from '../../shared/limits';


/** The source to name in `import-files`: as it is when small, else `{ kind: 'parts' }` once every part is sent. */
/** What sending in parts needs of the worker client. */
export interface PartsClient {
  request(request: RequestOf<'import-part'>): Promise<WorkerResponse<'import-part'>>;
}

export async function sendInParts(client: PartsClient, source: ImportSource, sent?: (done: number, total: number) => void): Promise<Result<ImportSource, AppError>> {
  if (source.kind !== 'files' || source.files.length <= IMPORT_FILES_PER_PART) return ok(source);
  const partsId = newId('parts');
  const total = source.files.length;
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (let start = 0; start < total; start += IMPORT_FILES_PER_PART) {
    const answer = await client.request({ type: 'import-part', partsId, files: source.files.slice(start, start + IMPORT_FILES_PER_PART) });
    if (!answer.ok) return err(answer.error);
    sent?.(Math.min(start + IMPORT_FILES_PER_PART, total), total);
  }
  return ok({ kind: 'parts', name: source.name, partsId, count: total, ...(source.skippedFolders ? { skippedFolders: source.skippedFolders } : {}) });
}
