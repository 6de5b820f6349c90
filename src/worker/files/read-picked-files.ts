/**
 * Reads the files of a picked or dropped folder for an import: planned from their names and
 * sizes first (import-plan.ts), then read, byte for byte. A file that cannot be read
 * (moved, or changed to a larger size since it was picked) ends the import: nothing is written.
 */
import { err, messageOf, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { formatBytes } from '../../shared/format-bytes';
import type { ImportLimits } from '../../shared/imported-paths';
import type { PickedFile } from '../protocol';
import { notImported, planImport } from './import-plan';
import type { ReadImport } from './read-zip';

const PARALLEL_READS = 16;

export async function readPickedFiles(
  name: string,
  picked: readonly PickedFile[],
  limits: ImportLimits,
  options: { into?: string; skippedFolders?: readonly string[]; progress?: (read: number, total: number) => void } = {},
): Promise<Result<ReadImport, AppError>> {
  const plan = planImport(
    name,
    picked.map((file) => ({ path: file.path, size: file.file.size })),
    limits,
    options.into,
    options.skippedFolders,
  );
  if (!plan.ok) return plan;
  const files: ReadImport['files'] = [];
  let bytes = 0;
  const planned = plan.value.files;
  // Several reads at a time: each is a trip to the browser's file system, mostly waiting.
  for (let start = 0; start < planned.length; start += PARALLEL_READS) {
    const batch = planned.slice(start, start + PARALLEL_READS);
    const read = await Promise.all(
      batch.map(async (file): Promise<{ path: string; content: Uint8Array } | { failed: string }> => {
        const source = picked[file.index]!;
        try {
          return { path: file.path, content: new Uint8Array(await source.file.arrayBuffer()) };
        } catch (thrown) {
          return { failed: `${JSON.stringify(source.path)} could not be read (${messageOf(thrown)}).` };
        }
      }),
    );
    for (const file of read) {
      if ('failed' in file) return err(notImported(name, file.failed));
      bytes += file.content.byteLength;
      files.push(file);
    }
    if (bytes > limits.maxBytes) return err(notImported(name, `its files come to more than the ${formatBytes(limits.maxBytes)} one import may hold.`));
    options.progress?.(files.length, planned.length);
  }
  return ok({ files, skipped: plan.value.skipped });
}
