/**
 * An import into the open session's workspace: read (read-zip.ts, read-picked-files.ts; both
 * plan first, so a hostile name or a limit ends it before anything is written), checked against
 * the workspace as it is (a file cannot go where a folder is, or under a file), then written all
 * together after a checkpoint (person-files.ts). Text stays text and binaries stay bytes
 * (asStoredContent), so every file leaves again byte for byte.
 */
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { formatBytes } from '../../shared/format-bytes';
import { IMPORT_LIMITS } from '../../shared/imported-paths';
import type { ImportLimits } from '../../shared/imported-paths';
import { resolveWorkspacePath } from '../../shared/workspace-path';
import type { GitHubSource } from '../../store/types';
import type { ImportReport, WholeImportSource } from '../protocol';
import { asStoredContent } from './workspace-content';
import { notImported } from './import-plan';
import type { PersonFileTarget } from './target';
import { readPickedFiles } from './read-picked-files';
import { readGitHub } from './read-github';
import { readZip } from './read-zip';
import type { ReadImport } from './read-zip';
import { shapeOf, whyNotFree } from './workspace-shape';
import { WORKSPACE_MAX_FILES } from '../../shared/limits';

async function read(target: PersonFileTarget, source: WholeImportSource, into: string, limits: ImportLimits): Promise<Result<ReadImport & { name?: string; github?: GitHubSource }, AppError>> {
  if (source.kind === 'github') {
    return readGitHub(source.repository, target.github(), limits, into, (done, total) => target.progress('reading', done, total));
  }
  if (source.kind === 'files') {
    return readPickedFiles(source.name, source.files, limits, {
      into,
      ...(source.skippedFolders ? { skippedFolders: source.skippedFolders } : {}),
      progress: (done, total) => target.progress('reading', done, total),
    });
  }
  if (source.file.size > limits.maxArchiveBytes) {
    return err(notImported(source.name, `the ZIP is ${formatBytes(source.file.size)}, more than the ${formatBytes(limits.maxArchiveBytes)} Loopscope reads.`));
  }
  return readZip(source.name, new Uint8Array(await source.file.arrayBuffer()), limits, into);
}

export async function importFiles(target: PersonFileTarget, source: WholeImportSource, into: string, limits: ImportLimits = IMPORT_LIMITS): Promise<Result<ImportReport, AppError>> {
  const folder = resolveWorkspacePath(into);
  if (!folder.ok) return err(notImported(source.name, folder.error.message));
  const before = shapeOf(target.runtime.workspace.snapshot());
  if (before.isFile(folder.path)) return err(notImported(source.name, `${folder.path} is a file, not a folder.`));

  const files = await read(target, source, folder.path, limits);
  if (!files.ok) return files;
  const { files: imported, skipped, github } = files.value;
  // A GitHub import is named by what was read (owner/repo@ref/folder), not by what was typed.
  const name = files.value.name ?? source.name;
  if (imported.length === 0) return err(notImported(name, 'it holds no files (besides folders that are never kept).'));
  for (const file of imported) {
    // Overwriting a file is fine (the checkpoint keeps it); changing what a path is, is not.
    const why = before.isFile(file.path) ? null : whyNotFree(before, file.path);
    if (why) return err(notImported(name, why));
  }
  const replaced = imported.filter((file) => before.isFile(file.path)).length;
  const total = target.runtime.workspace.snapshot().size + imported.length - replaced;
  if (total > WORKSPACE_MAX_FILES) {
    return err(notImported(name, `the workspace would hold ${total.toLocaleString('en')} files, more than the ${WORKSPACE_MAX_FILES.toLocaleString('en')} a session keeps.`));
  }

  const changes = imported.map((file) => ({ path: file.path, content: asStoredContent(file.content) }));
  const applied = await target.apply(`Import ${name}`, changes, (written) => target.progress('writing', written, changes.length));
  if (!applied.ok) return err(notImported(name, `${applied.error.message}`));
  const report: ImportReport = { imported: changes.length, replaced, skipped };
  if (applied.value.checkpointId) report.checkpointId = applied.value.checkpointId;
  if (github) {
    report.github = github;
    await target.rememberGitHub(github);
  }
  return ok(report);
}
