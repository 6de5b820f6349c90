/**
 * An import's files from a GitHub repository (Import → From GitHub…): listed through the REST
 * API, planned like any import (limits, skipped folders, hostile names: planImport) from the
 * listing's names and sizes, then fetched a few at a time with progress. Any failure ends it
 * before anything is written; what it read is handed to importFiles, all or nothing.
 */
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { parseRepository, repositoryLabel } from '../../shared/github-repository';
import type { ImportLimits } from '../../shared/imported-paths';
import { openGitHub, repositoryHosts } from '../../github/client';
import type { GitHubConnection } from '../../github/client';
import { listRepository, readBlob } from '../../github/read-repository';
import type { GitHubSource } from '../../store/types';
import { notImported, planImport } from './import-plan';
import type { ReadImport } from './read-zip';

/** Requests in flight at once: enough to hide the round-trips (GitHub answers over HTTP/2), far below its limit of 100 concurrent requests. */
const PARALLEL_FETCHES = 16;

export interface ReadGitHub extends ReadImport {
  /** What the import is called (its checkpoint: "Import owner/repo@ref"). */
  name: string;
  github: GitHubSource;
}

export async function readGitHub(
  repository: string,
  connection: GitHubConnection,
  limits: ImportLimits,
  into: string,
  /** Files read of how many; (0, 0) while the repository is listed. */
  progress: (done: number, total: number) => void,
): Promise<Result<ReadGitHub, AppError>> {
  const address = parseRepository(repository, repositoryHosts(connection.apiUrl));
  if (!address.ok) return address;
  const client = openGitHub(connection);
  progress(0, 0);
  const listing = await listRepository(client, address.value);
  if (!listing.ok) return err(notImported(repositoryLabel(address.value, address.value.ref), listing.error.message));
  const { owner, repo, ref, isBranch, commit, folder, files, skipped } = listing.value;
  const name = repositoryLabel({ owner, repo }, ref, folder);
  const plan = planImport(name, files, limits, into);
  if (!plan.ok) return plan;

  const planned = plan.value.files;
  const read: ReadImport['files'] = new Array(planned.length);
  let done = 0;
  let failure: AppError | null = null;
  let next = 0;
  progress(0, planned.length);
  const fetchOne = async (): Promise<void> => {
    while (failure === null && next < planned.length) {
      const index = next++;
      const file = planned[index]!;
      const source = files[file.index]!;
      const bytes = await readBlob(client, owner, repo, source.sha);
      if (!bytes.ok) {
        failure ??= notImported(name, bytes.error.message);
        return;
      }
      if (bytes.value.length !== source.size) {
        failure ??= notImported(name, `${source.path} arrived with ${bytes.value.length} bytes instead of ${source.size}.`);
        return;
      }
      read[index] = { path: file.path, content: bytes.value };
      progress(++done, planned.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, planned.length) }, fetchOne));
  if (failure) return err(failure);
  const notFiles = skipped.map((path) => ({ name: `${path} (a submodule or link)` }));
  return ok({ name, files: read, skipped: [...plan.value.skipped, ...notFiles], github: { repository: `${owner}/${repo}`, ref, ...(isBranch ? { branch: ref } : {}), commit, folder, apiUrl: connection.apiUrl } });
}
