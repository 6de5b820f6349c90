/**
 * The GitHub REST API from the browser (its API answers any origin), through Octokit's core
 * client, loaded on first use (~9 KB gzip). The only importer of `@octokit/*`. The token, when
 * there is one, goes only to `apiUrl`, as the `Authorization` header; errors come back as data
 * whose messages never hold it.
 */
import { err, ok } from '../shared/errors';
import type { GitHubErrorKind } from '../shared/error-kinds';
import type { AppError, Result } from '../shared/errors';
import { requestAddress } from '../shared/plain-http';

export const GITHUB_API_URL = 'https://api.github.com';

export interface GitHubConnection {
  /** Empty: api.github.com. GitHub Enterprise: `https://HOST/api/v3`. */
  apiUrl: string;
  token?: string;
}

export interface GitHubError extends AppError<GitHubErrorKind> {
  status?: number;
  /** `rate-limited`: when the limit resets (epoch ms). */
  resetAt?: number;
}

export interface GitHubClient {
  request<T>(route: string, parameters?: Record<string, unknown>): Promise<Result<T, GitHubError>>;
}

/** How long one request may take before it is given up (a stalled server must not hold a push or an import forever). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The hosts whose addresses name a repository of this API, besides github.com: GitHub Enterprise's. */
export function repositoryHosts(apiUrl: string): string[] {
  const base = apiBase(apiUrl);
  if (base === GITHUB_API_URL) return [];
  try {
    return [new URL(base).hostname.toLowerCase()];
  } catch {
    return [];
  }
}

/** `apiUrl` without a trailing slash; empty: GitHub's. */
export function apiBase(apiUrl: string): string {
  const trimmed = apiUrl.trim().replace(/\/+$/, '');
  return trimmed || GITHUB_API_URL;
}

interface ThrownRequestError {
  name?: string;
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined>; data?: unknown };
}

/** A thrown Octokit error as data, worded for the person. */
export function gitHubErrorOf(thrown: unknown, what: string, connection: Pick<GitHubConnection, 'apiUrl' | 'token'>, now = Date.now()): GitHubError {
  const error = (thrown ?? {}) as ThrownRequestError;
  const base = apiBase(connection.apiUrl);
  if (!error.response && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { kind: 'network', message: `GitHub did not answer within ${REQUEST_TIMEOUT_MS / 1000} s at ${base} (${what}). Try again in a moment.` };
  }
  if (!error.response) {
    return {
      kind: 'network',
      message: `GitHub could not be reached at ${base} (${what}): offline, a wrong GitHub API URL, or a server that does not allow this page's origin.`,
    };
  }
  const status = error.response ? error.status : undefined;
  const headers = error.response.headers ?? {};
  const remaining = headers['x-ratelimit-remaining'];
  const reset = Number(headers['x-ratelimit-reset']);
  const retryAfter = Number(headers['retry-after']);
  if ((status === 403 || status === 429) && (String(remaining) === '0' || Number.isFinite(retryAfter))) {
    const resetAt = Number.isFinite(reset) && reset > 0 ? reset * 1000 : Number.isFinite(retryAfter) ? now + retryAfter * 1000 : undefined;
    const when = resetAt === undefined ? 'later' : `after ${new Date(resetAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })} (in ${Math.max(1, Math.ceil((resetAt - now) / 60_000))} min)`;
    const hint = connection.token ? '' : ' A GitHub token in Settings raises the limit.';
    return { kind: 'rate-limited', status, message: `GitHub's rate limit is used up (${what}). Try again ${when}.${hint}`, ...(resetAt === undefined ? {} : { resetAt }) };
  }
  if (status === 401) {
    return { kind: 'unauthorized', status, message: `GitHub refused the token (${what}): it is wrong or has expired. Check Settings → GitHub token.` };
  }
  if (status === 403) {
    return { kind: 'forbidden', status, message: `GitHub refused (${what}): the token lacks the permission this needs. The README lists the permissions for each action.` };
  }
  if (status === 404) {
    const hint = connection.token ? ' or the token may not read it' : '; if it is private, add a GitHub token in Settings';
    return { kind: 'not-found', status, message: `GitHub found no ${what}: check the name${hint}.` };
  }
  if (status === 409 || status === 422) {
    const detail = (error.response.data as { message?: unknown } | undefined)?.message;
    return { kind: 'unprocessable', status, message: `GitHub refused ${what}${typeof detail === 'string' ? `: ${detail}` : ''}.` };
  }
  return { kind: 'server', status: status ?? 0, message: `GitHub answered ${status ?? 'an error'} (${what}). Try again in a moment.` };
}

/** A client for `connection`; Octokit's code is fetched on the first request. */
export function openGitHub(connection: GitHubConnection): GitHubClient {
  let octokit: Promise<{ request(route: string, parameters?: Record<string, unknown>): Promise<{ data: unknown }> }> | null = null;
  // An API on http://[::1] is requested as http://localhost: the page's CSP cannot name [::1] (shared/plain-http.ts).
  const load = () =>
    (octokit ??= import('@octokit/core').then(({ Octokit }) => new Octokit({ baseUrl: requestAddress(apiBase(connection.apiUrl)), ...(connection.token ? { auth: connection.token } : {}) })));
  return {
    async request<T>(route: string, parameters: Record<string, unknown> = {}): Promise<Result<T, GitHubError>> {
      let client;
      try {
        client = await load();
      } catch (thrown) {
        octokit = null;
        return err({ kind: 'network', message: `The GitHub client could not be loaded (${thrown instanceof Error ? thrown.message : String(thrown)}); reload the page.` });
      }
      try {
        const { data } = await client.request(route, { ...parameters, headers: { 'x-github-api-version': '2022-11-28' }, request: { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) } });
        return ok(data as T);
      } catch (thrown) {
        return err(gitHubErrorOf(thrown, describe(route, parameters), connection));
      }
    },
  };
}

/** What a route asks for, in words: "repository a/b", "ref main of a/b". */
function describe(route: string, parameters: Record<string, unknown>): string {
  if (route === 'GET /user') return 'the account the token belongs to';
  if (route === 'POST /gists') return 'a new secret Gist';
  if (route.startsWith('GET /gists/')) return `Gist ${String(parameters.gist_id)}`;
  if (route === 'POST /user/repos') return `a new repository ${String(parameters.name)} on your account`;
  if (route.startsWith('POST /orgs/')) return `a new repository ${String(parameters.name)} in ${String(parameters.org)}`;
  const repository = `${String(parameters.owner)}/${String(parameters.repo)}`;
  if (/\/pages$/.test(route)) return `the GitHub Pages settings of ${repository}`;
  if (/\/git\/refs?\//.test(route) || /\/git\/refs$/.test(route)) return `branch ${String(parameters.ref).replace(/^(refs\/)?heads\//, '')} of ${repository}`;
  if (/\/commits\/\{ref\}$/.test(route)) return `branch, tag or commit “${String(parameters.ref)}” in ${repository}`;
  if (/\/git\/trees\//.test(route)) return `file list of ${repository}`;
  if (/\/git\/blobs\//.test(route)) return `file in ${repository}`;
  if (/^GET \/repos\/\{owner\}\/\{repo\}$/.test(route)) return `repository ${repository}`;
  return `${route.split(' ')[0]} ${repository}`;
}
