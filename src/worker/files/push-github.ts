/**
 * Push to GitHub from the open session: its workspace, as it is, in one commit (github/push.ts).
 * Pushing back where the files came from (the repository of the session's last GitHub import)
 * goes into the folder they came from, and refuses a branch whose head moved since; after a
 * push the session remembers the new commit, so the next push builds on it.
 */
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { parseRepository, whyNotRef } from '../../shared/github-repository';
import { DEFAULT_SESSION_TITLE } from '../../store/types';
import type { GitHubSource } from '../../store/types';
import { apiBase, openGitHub, repositoryHosts } from '../../github/client';
import type { GitHubConnection } from '../../github/client';
import { pushCommit } from '../../github/push';
import type { PushDefaults, PushReport } from '../../shared/github-reports';
import type { SessionRuntime } from '../session/session-runtime';
import { pagesFolder } from './publish-pages';

export interface PushInput {
  repository: string;
  branch: string;
  message: string;
  create?: boolean;
  allowDeletes?: boolean;
}

const sameApi = (a: string, b: string) => apiBase(a) === apiBase(b);

export function pushDefaults(runtime: SessionRuntime): PushDefaults {
  const source = runtime.session.github;
  const title = runtime.session.title;
  return {
    repository: source?.repository ?? '',
    // A tag or a commit the files came from is not a branch to push to.
    branch: source?.branch ?? 'main',
    message: title && title !== DEFAULT_SESSION_TITLE ? title : 'Changes made in Loopscope',
    pagesFolder: pagesFolder(runtime.workspace.snapshot().keys()),
  };
}

export async function pushToGitHub(
  runtime: SessionRuntime,
  connection: GitHubConnection,
  input: PushInput,
  progress: (done: number, total: number) => void,
  remember: (source: GitHubSource) => Promise<void>,
): Promise<Result<PushReport, AppError>> {
  const address = parseRepository(input.repository, repositoryHosts(connection.apiUrl));
  if (!address.ok) return address;
  const branch = input.branch.trim();
  const badBranch = whyNotRef(branch);
  if (badBranch) return err({ kind: 'bad-branch', message: badBranch.replace('branch, tag or commit', 'branch') });
  const message = input.message.trim();
  if (!message) return err({ kind: 'bad-message', message: 'Write a commit message.' });
  if (!connection.token) return err({ kind: 'no-token', message: 'Pushing needs a GitHub token that may write to the repository (Contents: Read and write): add one in Settings → GitHub.' });
  const snapshot = runtime.workspace.snapshot();
  if (snapshot.size === 0) return err({ kind: 'empty', message: 'The workspace has no files yet, so there is nothing to push.' });
  const encoder = new TextEncoder();
  const files = new Map([...snapshot].map(([path, content]) => [path, typeof content === 'string' ? encoder.encode(content) : content] as const));

  const { owner, repo } = address.value;
  const full = `${owner}/${repo}`;
  const source = runtime.session.github;
  const fromHere = source && source.repository.toLowerCase() === full.toLowerCase() && sameApi(source.apiUrl, connection.apiUrl) ? source : undefined;
  const pushed = await pushCommit(openGitHub(connection), {
    owner,
    repo,
    branch,
    message,
    files,
    folder: fromHere?.folder ?? '',
    ...(fromHere && fromHere.branch === branch ? { expectedHead: fromHere.commit } : {}),
    ...(fromHere ? { baseCommit: fromHere.commit } : {}),
    ...(input.create ? { create: true } : {}),
    ...(input.allowDeletes ? { allowDeletes: true } : {}),
    progress,
  });
  if (!pushed.ok) return pushed;
  await remember({ repository: pushed.value.repository, ref: branch, branch, commit: pushed.value.commit, folder: fromHere?.folder ?? '', apiUrl: connection.apiUrl });
  return ok(pushed.value);
}
