/**
 * Secret Gists: one made with the person's token (POST /gists, the token needs the `gist` scope,
 * or Gists: Read and write), and one file of one read back by its id, with no token needed (a
 * secret Gist is unlisted, not private). GitHub gives at most 1 MB of a file's content in the API
 * and says `truncated`; the whole file is then read from its `raw_url`, which must be GitHub's
 * (https) or on the API's own origin (a GitHub Enterprise server, a local stand-in).
 */
import { err, ok } from '../shared/errors';
import type { Result } from '../shared/errors';
import { requestUrl } from '../shared/plain-http';
import { REQUEST_TIMEOUT_MS, apiBase } from './client';
import type { GitHubClient, GitHubConnection, GitHubError } from './client';

export interface CreatedGist {
  id: string;
  /** The Gist's page on GitHub. */
  htmlUrl: string;
}

interface GistFile {
  content?: unknown;
  truncated?: unknown;
  raw_url?: unknown;
  size?: unknown;
}

/** A new secret (unlisted) Gist holding one file. */
export async function createSecretGist(client: GitHubClient, input: { description: string; fileName: string; content: string }): Promise<Result<CreatedGist, GitHubError>> {
  const made = await client.request<{ id?: unknown; html_url?: unknown }>('POST /gists', {
    description: input.description,
    public: false,
    files: { [input.fileName]: { content: input.content } },
  });
  if (!made.ok) return made;
  const { id, html_url: htmlUrl } = made.value;
  if (typeof id !== 'string' || !id) return err({ kind: 'server', message: 'GitHub made the Gist but did not say its id. Try again.' });
  return ok({ id, htmlUrl: typeof htmlUrl === 'string' ? htmlUrl : '' });
}

/** Where a truncated file's whole text may be read from: GitHub's https hosts, or the API's own origin. */
function rawAddress(raw: unknown, connection: Pick<GitHubConnection, 'apiUrl'>): URL | null {
  if (typeof raw !== 'string') return null;
  try {
    const url = new URL(raw);
    const api = new URL(apiBase(connection.apiUrl));
    if (url.origin === api.origin || url.protocol === 'https:') return requestUrl(url);
  } catch {
    // not a URL
  }
  return null;
}

/** The response's text, or null once it passes `maxChars` (the rest is not read). */
async function textUpTo(response: Response, maxChars: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxChars * 4) return null;
  if (!response.body) return '';
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
    if (text.length > maxChars) {
      await reader.cancel();
      return null;
    }
  }
}

/**
 * The text of `fileName` in Gist `gistId`: null when the Gist has no such file, `tooLarge` when it
 * is over `maxChars`. The token, when the connection has one, goes only to the API.
 */
export async function readGistFile(
  client: GitHubClient,
  connection: Pick<GitHubConnection, 'apiUrl'>,
  input: { gistId: string; fileName: string; maxChars: number },
  fetchText: typeof fetch = fetch,
): Promise<Result<{ text: string } | { missing: true } | { tooLarge: true }, GitHubError>> {
  const read = await client.request<{ files?: Record<string, GistFile> }>('GET /gists/{gist_id}', { gist_id: input.gistId });
  if (!read.ok) return read;
  const files = read.value.files;
  const file = files && Object.hasOwn(files, input.fileName) ? files[input.fileName] : undefined;
  if (!file) return ok({ missing: true });
  if (typeof file.size === 'number' && file.size > input.maxChars * 4) return ok({ tooLarge: true });
  if (file.truncated !== true && typeof file.content === 'string') return ok(file.content.length > input.maxChars ? { tooLarge: true } : { text: file.content });
  const raw = rawAddress(file.raw_url, connection);
  if (!raw) return err({ kind: 'server', message: 'GitHub gave the Gist cut short, with no address of the whole file that Loopscope reads. Try again later.' });
  try {
    const response = await fetchText(raw.href, { credentials: 'omit', referrerPolicy: 'no-referrer', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    if (response.status === 404) return err({ kind: 'not-found', status: 404, message: `GitHub found no Gist ${input.gistId}.` });
    if (!response.ok) return err({ kind: 'server', status: response.status, message: `GitHub answered ${response.status} for the Gist's file. Try again in a moment.` });
    const text = await textUpTo(response, input.maxChars);
    return ok(text === null ? { tooLarge: true } : { text });
  } catch {
    return err({ kind: 'network', message: `The Gist's file could not be read from ${raw.host}: offline, or the server does not allow this page's origin.` });
  }
}
