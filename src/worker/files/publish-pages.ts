/**
 * Publish to GitHub Pages: a folder of the workspace (dist/ by default) becomes, as one commit,
 * the whole of branch gh-pages (its history kept; a new branch starts from nothing), with a
 * `.nojekyll` file so GitHub serves every file as it is; then Pages is switched on for that
 * branch if it is off (github/pages.ts).
 */
import { err, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { parseRepository } from '../../shared/github-repository';
import { resolveWorkspacePath } from '../../shared/workspace-path';
import { openGitHub, repositoryHosts } from '../../github/client';
import type { GitHubConnection } from '../../github/client';
import { PAGES_BRANCH, servePages } from '../../github/pages';
import { pushCommit } from '../../github/push';
import type { PublishReport } from '../../shared/github-reports';
import type { SessionRuntime } from '../session/session-runtime';

/** dist/ when the workspace has one (a build's output), else the workspace's root. */
export function pagesFolder(paths: Iterable<string>): string {
  for (const path of paths) if (path.startsWith('dist/')) return 'dist';
  return '';
}

export async function publishPages(
  runtime: SessionRuntime,
  connection: GitHubConnection,
  input: { repository: string; folder: string },
  progress: (done: number, total: number) => void,
): Promise<Result<PublishReport, AppError>> {
  const address = parseRepository(input.repository, repositoryHosts(connection.apiUrl));
  if (!address.ok) return address;
  if (!connection.token) return err({ kind: 'no-token', message: 'Publishing needs a GitHub token that may write to the repository and its Pages (Contents and Pages: Read and write): add one in Settings → GitHub.' });
  const raw = input.folder.trim().replace(/^\/+|\/+$/g, '');
  const folder = raw === '' || raw === '.' ? { ok: true as const, path: '' } : resolveWorkspacePath(raw);
  if (!folder.ok) return err({ kind: 'bad-folder', message: `“${input.folder}” is not a folder of the workspace: ${folder.error.message}` });
  const prefix = folder.path ? `${folder.path}/` : '';
  const encoder = new TextEncoder();
  const files = new Map<string, Uint8Array>();
  for (const [path, content] of runtime.workspace.snapshot()) {
    if (!path.startsWith(prefix)) continue;
    files.set(path.slice(prefix.length), typeof content === 'string' ? encoder.encode(content) : content);
  }
  const shown = folder.path ? `${folder.path}/` : 'The workspace';
  if (files.size === 0) return err({ kind: 'empty', message: `${shown} holds no files to publish.` });
  if (!files.has('.nojekyll')) files.set('.nojekyll', new Uint8Array());

  const { owner, repo } = address.value;
  const client = openGitHub(connection);
  const pushed = await pushCommit(client, { owner, repo, branch: PAGES_BRANCH, message: `Publish ${folder.path || 'the workspace'} from Loopscope`, files, folder: '', orphan: true, progress });
  if (!pushed.ok) {
    if (pushed.error.kind === 'repository-missing') return err({ kind: 'repository-missing', message: `${owner}/${repo} does not exist (or the token cannot see it): create it first (Push to GitHub… offers to), then publish.` });
    return pushed;
  }
  const site = await servePages(client, owner, repo);
  const report: PublishReport = {
    repository: pushed.value.repository,
    commit: pushed.value.commit,
    commitUrl: pushed.value.url,
    files: files.size,
    hasIndex: files.has('index.html'),
  };
  if (!site.ok) return ok({ ...report, pagesProblem: site.error.message });
  return ok({ ...report, url: site.value.url, switchedOn: site.value.switchedOn });
}
