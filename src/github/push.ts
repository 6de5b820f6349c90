/**
 * Push to GitHub: one commit holding the workspace's files, on top of the branch's head,
 * through the Git Data API (blobs, a tree on the head's tree, a commit, then the ref). The ref
 * moves last and only forward, so a push either made its commit or changed nothing: a failure
 * before it leaves at most unreferenced objects, never a branch. A head that moved since the
 * session's files came from it is not overwritten (`head-moved`). A repository that does not
 * exist is created (private, with a README, since the API cannot commit to an empty one) only
 * when asked (`repository-missing` first).
 */
import { err, ok } from '../shared/errors';
import type { PushErrorKind } from '../shared/error-kinds';
import type { AppError, Result } from '../shared/errors';
import type { GitHubClient, GitHubError } from './client';
import { gitBlobId, planCommit, treeChanges } from './commit-plan';
import type { HeadFile, WorkspaceBlob } from './commit-plan';
import type { PushReport } from '../shared/github-reports';

export interface PushRequest {
  owner: string;
  repo: string;
  branch: string;
  message: string;
  /** Paths → bytes: the workspace as it is. */
  files: ReadonlyMap<string, Uint8Array>;
  /** Where in the repository the workspace goes ('' for its root). */
  folder: string;
  /** The head the session's files came from, on this branch: a different head is not overwritten. */
  expectedHead?: string;
  /** Create the repository (private) if it does not exist. */
  create?: boolean;
  /** A branch that does not exist yet starts from nothing (gh-pages), not from the default branch's head. */
  orphan?: boolean;
  /** Push even when it deletes most of the branch's files (`deletes-most` first). */
  allowDeletes?: boolean;
  /** A branch that does not exist yet starts from this commit (the one the files came from), else from the default branch's head. */
  baseCommit?: string;
  /** Blobs uploaded so far, of how many. */
  progress?: (done: number, total: number) => void;
}


export type PushError = AppError<PushErrorKind>;

const PARALLEL_UPLOADS = 8;

interface RefData {
  object: { sha: string };
}
interface CommitData {
  sha: string;
  tree: { sha: string };
  html_url?: string;
}
interface TreeData {
  tree: { path: string; mode: string; type: string; sha: string }[];
  truncated: boolean;
}

async function branchHead(client: GitHubClient, owner: string, repo: string, branch: string): Promise<Result<string | null, GitHubError>> {
  const ref = await client.request<RefData>('GET /repos/{owner}/{repo}/git/ref/{ref}', { owner, repo, ref: `heads/${branch}` });
  if (ref.ok) return ok(ref.value.object.sha);
  return ref.error.kind === 'not-found' ? ok(null) : ref;
}

/** Creates the repository (private, with a README); answers its default branch, which the account's settings name. */
async function createRepository(client: GitHubClient, owner: string, repo: string): Promise<Result<string, GitHubError>> {
  const user = await client.request<{ login: string }>('GET /user');
  if (!user.ok) return user;
  const body = { name: repo, private: true, auto_init: true, description: 'Pushed from Loopscope' };
  const made =
    user.value.login.toLowerCase() === owner.toLowerCase()
      ? await client.request<{ default_branch?: string }>('POST /user/repos', body)
      : await client.request<{ default_branch?: string }>('POST /orgs/{org}/repos', { org: owner, ...body });
  return made.ok ? ok(made.value.default_branch || 'main') : made;
}

/** A branch's head, asked again for a moment while a new repository's first commit becomes visible. */
async function headOfNew(client: GitHubClient, owner: string, repo: string, branch: string, tries = 5): Promise<Result<string | null, GitHubError>> {
  for (let attempt = 1; ; attempt++) {
    const head = await branchHead(client, owner, repo, branch);
    if (!head.ok || head.value !== null || attempt >= tries) return head;
    await new Promise((resolve) => setTimeout(resolve, 400 * attempt));
  }
}

export async function pushCommit(client: GitHubClient, request: PushRequest): Promise<Result<PushReport, PushError>> {
  const { owner, repo, branch, folder } = request;
  const full = `${owner}/${repo}`;
  let createdRepository = false;
  const repository = await client.request<{ default_branch: string; html_url?: string }>('GET /repos/{owner}/{repo}', { owner, repo });
  let defaultBranch = repository.ok ? repository.value.default_branch : 'main';
  if (!repository.ok) {
    if (repository.error.kind !== 'not-found') return repository;
    if (!request.create) return err({ kind: 'repository-missing', message: `${full} does not exist (or the token cannot see it). Create it as a private repository?` });
    const made = await createRepository(client, owner, repo);
    if (!made.ok) return made;
    createdRepository = true;
    defaultBranch = made.value;
  }

  const head = createdRepository && branch === defaultBranch ? await headOfNew(client, owner, repo, branch) : await branchHead(client, owner, repo, branch);
  if (!head.ok) return head;
  if (request.expectedHead && head.value !== null && head.value !== request.expectedHead) {
    return err({ kind: 'head-moved', message: `${branch} of ${full} has moved since these files came from it (someone pushed): pushing would overwrite their work. Push to a new branch instead.` });
  }
  // A new branch starts from the commit the files came from, else the default branch's head (or from nothing: `orphan`).
  let baseSha = head.value;
  if (baseSha === null) {
    const fallback = createdRepository ? await headOfNew(client, owner, repo, defaultBranch) : await branchHead(client, owner, repo, defaultBranch);
    if (!fallback.ok) return fallback;
    if (fallback.value === null) return err({ kind: 'empty-repository', message: `${full} has no commits yet, and GitHub's API cannot add the first one: add a README on GitHub, then push again.` });
    baseSha = request.orphan ? null : (request.baseCommit ?? fallback.value);
  }

  let base: { commit: CommitData; files: Map<string, HeadFile> } | null = null;
  if (baseSha !== null) {
    const baseCommit = await client.request<CommitData>('GET /repos/{owner}/{repo}/git/commits/{commit_sha}', { owner, repo, commit_sha: baseSha });
    if (!baseCommit.ok) return baseCommit;
    const baseTree = await client.request<TreeData>('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', { owner, repo, tree_sha: baseCommit.value.tree.sha, recursive: '1' });
    if (!baseTree.ok) return baseTree;
    if (baseTree.value.truncated) return err({ kind: 'unprocessable', message: `${full} has more files than GitHub lists at once, so Loopscope cannot tell what changed. Push to another repository.` });
    base = { commit: baseCommit.value, files: new Map(baseTree.value.tree.filter((entry) => entry.type !== 'tree').map((entry) => [entry.path, { sha: entry.sha, mode: entry.mode }])) };
  }
  const headFiles = base?.files ?? new Map<string, HeadFile>();
  const workspace = new Map<string, WorkspaceBlob>();
  for (const [path, bytes] of request.files) workspace.set(path, { bytes, sha: await gitBlobId(bytes) });
  const plan = planCommit(headFiles, workspace, folder);

  // A workspace emptied by an Undo or a mistake would wipe the branch: asked first.
  const prefix = folder ? `${folder}/` : '';
  const onBranch = [...headFiles].filter(([path, file]) => path.startsWith(prefix) && (file.mode === '100644' || file.mode === '100755')).length;
  if (!request.allowDeletes && plan.deleted.length >= 5 && plan.deleted.length * 2 > onBranch) {
    return err({ kind: 'deletes-most', message: `This push would delete ${plan.deleted.length} of the ${onBranch} files on ${branch} of ${full}, because the workspace no longer has them. Push anyway?` });
  }

  const report = { repository: full, branch, added: plan.added.length, changed: plan.changed.length, deleted: plan.deleted.length, createdRepository, createdBranch: head.value === null };
  if (plan.upload.length === 0 && plan.deleted.length === 0 && head.value !== null && base) {
    return ok({ ...report, commit: head.value, url: commitUrl(base.commit, full, head.value), unchanged: true });
  }

  let uploaded = 0;
  let failure: GitHubError | null = null;
  let next = 0;
  request.progress?.(0, plan.upload.length);
  const uploadOne = async (): Promise<void> => {
    while (failure === null && next < plan.upload.length) {
      const file = plan.upload[next++]!;
      const made = await client.request<{ sha: string }>('POST /repos/{owner}/{repo}/git/blobs', { owner, repo, content: toBase64(file.bytes), encoding: 'base64' });
      if (!made.ok) {
        failure ??= made.error;
        return;
      }
      if (made.value.sha !== file.sha) {
        failure ??= { kind: 'server', message: `GitHub stored ${file.path} as a different blob than was sent; nothing was pushed.` };
        return;
      }
      request.progress?.(++uploaded, plan.upload.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, plan.upload.length) }, uploadOne));
  if (failure) return err(failure);

  const changes = treeChanges(plan);
  const tree = await client.request<{ sha: string }>('POST /repos/{owner}/{repo}/git/trees', base ? { owner, repo, base_tree: base.commit.tree.sha, tree: changes } : { owner, repo, tree: changes });
  if (!tree.ok) return tree;
  const commit = await client.request<CommitData>('POST /repos/{owner}/{repo}/git/commits', { owner, repo, message: request.message, tree: tree.value.sha, parents: baseSha === null ? [] : [baseSha] });
  if (!commit.ok) return commit;
  const moved =
    head.value === null
      ? await client.request('POST /repos/{owner}/{repo}/git/refs', { owner, repo, ref: `refs/heads/${branch}`, sha: commit.value.sha })
      : await client.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', { owner, repo, ref: `heads/${branch}`, sha: commit.value.sha, force: false });
  if (!moved.ok) {
    // Refused: because someone pushed meanwhile (the head moved), or for GitHub's own reason (a protected branch).
    const now = head.value !== null && moved.error.kind === 'unprocessable' ? await branchHead(client, owner, repo, branch) : null;
    if (now?.ok && now.value !== head.value) {
      return err({ kind: 'head-moved', message: `${branch} of ${full} moved while pushing (someone pushed): nothing was overwritten. Push to a new branch instead.` });
    }
    return moved;
  }
  return ok({ ...report, commit: commit.value.sha, url: commitUrl(commit.value, full, commit.value.sha), unchanged: false });
}

function commitUrl(commit: { html_url?: string }, full: string, sha: string): string {
  return commit.html_url ?? `https://github.com/${full}/commit/${sha}`;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
