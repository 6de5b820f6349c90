/**
 * GitHub Pages for a repository: served from the root of branch `gh-pages`. Switched on through
 * the API when it is off (or pointed at gh-pages when it serves another branch); a token
 * without the right to do so gets the clicks to make on GitHub instead.
 */
import { err, ok } from '../shared/errors';
import type { AppError, Result } from '../shared/errors';
import type { GitHubClient } from './client';

export const PAGES_BRANCH = 'gh-pages';

export interface PagesSite {
  /** The site's address. */
  url: string;
  /** Pages was off (or served another branch) and this switched it to gh-pages. */
  switchedOn: boolean;
}

interface PagesData {
  html_url?: string;
  source?: { branch?: string; path?: string };
  /** `workflow`: built by a GitHub Actions workflow, which would never serve gh-pages. */
  build_type?: 'legacy' | 'workflow';
}

const SOURCE = { branch: PAGES_BRANCH, path: '/' };

/** Where GitHub serves a repository's Pages when it does not say: owner.github.io/repo/. */
export function defaultPagesUrl(owner: string, repo: string): string {
  const host = `${owner.toLowerCase()}.github.io`;
  return repo.toLowerCase() === host ? `https://${host}/` : `https://${host}/${repo}/`;
}

function byHand(owner: string, repo: string, why: string): AppError<'pages-not-allowed'> {
  return {
    kind: 'pages-not-allowed',
    message: `The files are on branch ${PAGES_BRANCH}, but Pages could not be switched on (${why}). On GitHub, open ${owner}/${repo} → Settings → Pages, choose Source: Deploy from a branch, Branch: ${PAGES_BRANCH} and / (root), and Save.`,
  };
}

export async function servePages(client: GitHubClient, owner: string, repo: string): Promise<Result<PagesSite, AppError>> {
  const current = await client.request<PagesData>('GET /repos/{owner}/{repo}/pages', { owner, repo });
  if (current.ok && current.value.build_type !== 'workflow' && current.value.source?.branch === PAGES_BRANCH && (current.value.source.path ?? '/') === '/') {
    return ok({ url: current.value.html_url ?? defaultPagesUrl(owner, repo), switchedOn: false });
  }
  if (!current.ok && current.error.kind !== 'not-found') {
    return current.error.kind === 'forbidden' ? err(byHand(owner, repo, 'the token may not read its Pages settings')) : current;
  }
  const switched = current.ok
    ? await client.request<PagesData>('PUT /repos/{owner}/{repo}/pages', { owner, repo, build_type: 'legacy', source: SOURCE })
    : await client.request<PagesData>('POST /repos/{owner}/{repo}/pages', { owner, repo, source: SOURCE });
  if (!switched.ok) {
    const why = switched.error.kind === 'forbidden' || switched.error.kind === 'not-found' ? 'the token lacks Pages: Read and write, or the plan does not offer Pages for this repository' : switched.error.message;
    return err(byHand(owner, repo, why));
  }
  return ok({ url: switched.value.html_url ?? (current.ok ? current.value.html_url : undefined) ?? defaultPagesUrl(owner, repo), switchedOn: true });
}
