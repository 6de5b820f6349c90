/**
 * Reads a ZIP for an import (fflate). Two passes over the archive: the first reads only its
 * directory (names, sizes, methods; nothing is inflated), the plan decides from that
 * (import-plan.ts: hostile names, skipped folders, limits), and the second inflates only the
 * planned entries. fflate inflates an entry into a buffer of the size the directory declares,
 * so a ZIP bomb cannot grow past what the limit has already checked; the sizes actually read are
 * checked against the limit again, and each file's CRC-32 against the one its directory declares
 * (zip-checksums.ts: fflate does not check them), so a damaged archive imports nothing.
 */
import { unzipSync } from 'fflate';
import { err, messageOf, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { formatBytes } from '../../shared/format-bytes';
import type { ImportLimits } from '../../shared/imported-paths';
import type { SkippedEntry } from '../protocol';
import { notImported, planImport } from './import-plan';
import { crc32, declaredChecksums } from './zip-checksums';

export interface ImportedFile {
  path: string;
  content: Uint8Array;
}

export interface ReadImport {
  files: ImportedFile[];
  skipped: SkippedEntry[];
}

/** Stored (0) and deflated (8): what fflate reads. */
const READABLE_METHODS = new Set([0, 8]);

export function readZip(name: string, archive: Uint8Array, limits: ImportLimits, into = ''): Result<ReadImport, AppError> {
  if (archive.byteLength > limits.maxArchiveBytes) {
    return err(notImported(name, `the ZIP is ${formatBytes(archive.byteLength)}, more than the ${formatBytes(limits.maxArchiveBytes)} Loopscope reads.`));
  }
  // `order`: the entry's place in the central directory (folders counted), to find its checksum.
  const entries: { path: string; size: number; method: number; order: number }[] = [];
  let listed = 0;
  try {
    unzipSync(archive, {
      filter: (entry) => {
        // A name ending in "/" is a folder: folders come with their files.
        if (!entry.name.endsWith('/')) entries.push({ path: entry.name, size: entry.originalSize, method: entry.compression, order: listed });
        listed += 1;
        return false;
      },
    });
  } catch (thrown) {
    return err(notImported(name, `it could not be read as a ZIP file (${messageOf(thrown)}).`));
  }
  const checksums = declaredChecksums(archive);
  if (!checksums || checksums.length !== listed) return err(notImported(name, 'its directory of files could not be read (the file is damaged).'));
  const plan = planImport(name, entries, limits, into);
  if (!plan.ok) return plan;
  const odd = plan.value.files.map((file) => entries[file.index]!).find((entry) => !READABLE_METHODS.has(entry.method));
  if (odd) return err(notImported(name, `${JSON.stringify(odd.path)} is compressed with a method Loopscope cannot read (method ${odd.method}); only stored and deflated entries are.`));

  const wanted = new Set(plan.value.files.map((file) => entries[file.index]!.path));
  let contents: Record<string, Uint8Array>;
  try {
    contents = unzipSync(archive, { filter: (entry) => wanted.has(entry.name) });
  } catch (thrown) {
    return err(notImported(name, `it could not be read as a ZIP file (${messageOf(thrown)}).`));
  }
  const files: ImportedFile[] = [];
  let bytes = 0;
  for (const file of plan.value.files) {
    const entry = entries[file.index]!;
    const content = Object.hasOwn(contents, entry.path) ? contents[entry.path] : undefined;
    if (!content) return err(notImported(name, `its entry ${JSON.stringify(entry.path)} could not be read.`));
    if (content.byteLength !== entry.size) return err(notImported(name, `its entry ${JSON.stringify(entry.path)} is not the size its directory says (the file is damaged).`));
    if (crc32(content) !== checksums[entry.order]) return err(notImported(name, `its entry ${JSON.stringify(entry.path)} does not match its checksum (the file is damaged).`));
    bytes += content.byteLength;
    files.push({ path: file.path, content });
  }
  if (bytes > limits.maxBytes) return err(notImported(name, `its files come to ${formatBytes(bytes)}, more than the ${formatBytes(limits.maxBytes)} one import may hold.`));
  return ok({ files, skipped: plan.value.skipped });
}
