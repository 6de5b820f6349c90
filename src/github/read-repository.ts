/**
 * Reading a repository through the REST API: the repository (its default branch), the ref's
 * commit, the commit's whole tree in one listing (`?recursive=1`), then each file's blob. The
 * listing gives every file's size, so an import is planned (limits, skipped folders, hostile
 * names) before a single file is fetched. A `/tree/<ref>/<folder>` address is split into ref
 * and folder by asking for the shortest ref that exists (a ref may hold slashes), and only that
 * folder's tree is listed.
 */
import { err, ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import type { RepositoryAddress } from '../shared/github-repository';
import type { GitHubClient, GitHubError } from './client';

export interface ListedFile {
  /** Relative to the folder imported. */
  path: string;
  size: number;
  /** The blob's hash, to fetch it. */
  sha: string;
}

export interface RepositoryListing {
  owner: string;
  repo: string;
  /** The branch, tag or commit read, as named (the default branch when none was). */
  ref: string;
  /** The ref is a branch (a push may go back to it); a tag or a commit is not. */
  isBranch: boolean;
  /** The commit read. */
  commit: string;
  /** The folder read, '' for the whole repository. */
  folder: string;
  files: ListedFile[];
  /** Entries that are not files: submodules and symbolic links (never imported). */
  skipped: string[];
}

interface RepositoryData {
  default_branch: string;
}
interface CommitData {
  sha: string;
  commit: { tree: { sha: string } };
}
interface TreeData {
  tree: { path: string; mode: string; type: 'blob' | 'tree' | 'commit'; sha: string; size?: number }[];
  truncated: boolean;
}
interface BlobData {
  content: string;
  encoding: string;
}

/** A commit for `ref`; a ref that does not exist answers 404 or 422. */
async function commitOf(client: GitHubClient, owner: string, repo: string, ref: string): Promise<Result<CommitData, GitHubError>> {
  const commit = await client.request<CommitData>('GET /repos/{owner}/{repo}/commits/{ref}', { owner, repo, ref });
  if (!commit.ok && commit.error.kind === 'unprocessable') return err({ ...commit.error, kind: 'not-found', message: `GitHub found no branch, tag or commit “${ref}” in ${owner}/${repo}.` });
  return commit;
}

/** The ref and folder of a `/tree/` address: the shortest leading segments that name a commit. */
async function splitRefAndPath(client: GitHubClient, owner: string, repo: string, segments: readonly string[]): Promise<Result<{ ref: string; folder: string; commit: CommitData }, GitHubError>> {
  let first: GitHubError | null = null;
  for (let count = 1; count <= segments.length; count++) {
    const ref = segments.slice(0, count).join('/');
    const commit = await commitOf(client, owner, repo, ref);
    if (commit.ok) return ok({ ref, folder: segments.slice(count).join('/'), commit: commit.value });
    if (commit.error.kind !== 'not-found') return commit;
    first ??= commit.error;
  }
  return err(first ?? { kind: 'not-found', message: `GitHub found no branch or tag at the start of ${segments.join('/')}.` });
}

export async function listRepository(client: GitHubClient, address: RepositoryAddress): Promise<Result<RepositoryListing, GitHubError>> {
  const { owner, repo } = address;
  const repository = await client.request<RepositoryData>('GET /repos/{owner}/{repo}', { owner, repo });
  if (!repository.ok) return repository;
  let ref = address.ref ?? repository.value.default_branch;
  let folder = '';
  let commit: CommitData;
  if (address.refAndPath && !address.ref) {
    const split = await splitRefAndPath(client, owner, repo, address.refAndPath);
    if (!split.ok) return split;
    ({ ref, folder, commit } = split.value);
  } else {
    const found = await commitOf(client, owner, repo, ref);
    if (!found.ok) return found;
    commit = found.value;
  }
  // One folder: down to its own tree, one level at a time, so a large repository's other folders are never listed.
  let treeSha = commit.commit.tree.sha;
  for (const segment of folder ? folder.split('/') : []) {
    const level = await client.request<TreeData>('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', { owner, repo, tree_sha: treeSha });
    if (!level.ok) return level;
    const next = level.value.tree.find((entry) => entry.path === segment && entry.type === 'tree');
    if (!next) return err({ kind: 'not-found', message: `${owner}/${repo} has no folder “${folder}” at ${ref}.` });
    treeSha = next.sha;
  }
  const tree = await client.request<TreeData>('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', { owner, repo, tree_sha: treeSha, recursive: '1' });
  if (!tree.ok) return tree;
  if (tree.value.truncated) {
    const where = folder ? `${owner}/${repo}/${folder}` : `${owner}/${repo}`;
    return err({ kind: 'unprocessable', message: `${where} has more entries than GitHub lists at once (100,000): import one of its folders (…/tree/${ref}/<folder>).` });
  }
  const files: ListedFile[] = [];
  const skipped: string[] = [];
  for (const entry of tree.value.tree) {
    if (entry.type === 'commit' || entry.mode === '120000') skipped.push(entry.path);
    else if (entry.type === 'blob') files.push({ path: entry.path, size: entry.size ?? 0, sha: entry.sha });
  }
  // A push may go back to a branch; a tag or a commit is read only.
  const isBranch = ref === repository.value.default_branch || (await client.request('GET /repos/{owner}/{repo}/git/ref/{ref}', { owner, repo, ref: `heads/${ref}` })).ok;
  return ok({ owner, repo, ref, isBranch, commit: commit.sha, folder, files, skipped });
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** One file's bytes, exactly as stored. */
export async function readBlob(client: GitHubClient, owner: string, repo: string, sha: string): Promise<Result<Uint8Array, GitHubError>> {
  const blob = await client.request<BlobData>('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { owner, repo, file_sha: sha });
  if (!blob.ok) return blob;
  if (blob.value.encoding !== 'base64') return err({ kind: 'server', message: `GitHub sent a file of ${owner}/${repo} in an encoding Loopscope does not read (${blob.value.encoding}).` });
  try {
    return ok(decodeBase64(blob.value.content));
  } catch {
    return err({ kind: 'server', message: `GitHub sent a file of ${owner}/${repo} that is not valid base64.` });
  }
}
