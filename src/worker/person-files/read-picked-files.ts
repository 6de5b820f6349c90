/**
 * Reads the files of a picked or dropped folder for an import: planned from their names and
 * sizes first (import-plan.ts), then read one by one, byte for byte. A file that cannot be read
 * (moved, or changed to a larger size since it was picked) ends the import: nothing is written.
 */
import { err, messageOf, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { formatBytes } from '../../shared/imported-paths';
import type { ImportLimits } from '../../shared/imported-paths';
import type { PickedFile } from '../protocol';
import { notImported, planImport } from './import-plan';
import type { ReadImport } from './read-zip';

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
  for (const [read, planned] of plan.value.files.entries()) {
    const source = picked[planned.index]!;
    let content: Uint8Array;
    try {
      content = new Uint8Array(await source.file.arrayBuffer());
    } catch (thrown) {
      return err(notImported(name, `${JSON.stringify(source.path)} could not be read (${messageOf(thrown)}).`));
    }
    bytes += content.byteLength;
    if (bytes > limits.maxBytes) return err(notImported(name, `its files come to more than the ${formatBytes(limits.maxBytes)} one import may hold.`));
    files.push({ path: planned.path, content });
    options.progress?.(read + 1, plan.value.files.length);
  }
  return ok({ files, skipped: plan.value.skipped });
}
