/**
 * Share as encrypted Gist against the fake GitHub API (e2e/fake-github): the Gist holds only the
 * sealed text, the link's key never reaches GitHub, and a Gist link opens the same document
 * again; a wrong key, a deleted or changed Gist, a cut-short file and an unreachable GitHub each
 * say what happened.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../../../e2e/fake-github/server.mjs';
import type { FakeGitHub } from '../../../e2e/fake-github/server.mjs';
import { buildDocument } from '../../share/session-document';
import { fromBase64Url } from '../../share/base64';
import { GIST_FILE_NAME } from '../../share/gist-seal';
import { gistFragment } from '../../share/gist-link';
import { openDatabase } from '../../store/db';
import { GIST_DESCRIPTION, readGistSession, shareAsGist } from './gist-share';
import { openSharedSource } from './share-requests';

const TOKEN = 'ghp_gist_test_token';
const SECRET_TEXT = 'the plan nobody but the reader may see';

const document = buildDocument({
  title: 'Gist plan',
  createdAt: 1_700_000_000_000,
  history: [
    { role: 'user', parts: [{ text: 'Write the plan' }] },
    { role: 'model', parts: [{ text: SECRET_TEXT }] },
  ],
  roundTrips: [],
  files: [{ path: 'plan.md', content: `# ${SECRET_TEXT}\n${'x'.repeat(3000)}` }],
});

let github: FakeGitHub;
beforeAll(async () => {
  // Files past 200 characters come back cut short, as GitHub cuts those past 1 MB.
  github = await startFakeGitHub({ token: TOKEN, gistTruncateAt: 200 });
});
afterAll(() => github.close());
beforeEach(() => github.clearFaults());

const sender = () => ({ apiUrl: github.url, token: TOKEN });
/** Someone who opens the link: the API URL of their Settings, no token. */
const reader = () => ({ apiUrl: github.url });

async function shared() {
  const made = await shareAsGist(document, sender());
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

describe('Share as encrypted Gist', () => {
  it('stores only the sealed session in a secret Gist, and its link opens the same document with no token', async () => {
    const made = await shared();
    const [gistId, key] = made.fragment.replace('gist=', '').split('.');
    const gist = github.gists().find((one) => one.id === gistId)!;
    expect(gist).toMatchObject({ public: false, description: GIST_DESCRIPTION });
    const stored = gist.files[GIST_FILE_NAME]!;
    expect(stored).not.toContain(SECRET_TEXT);
    expect(stored).not.toContain('Gist plan');
    expect(fromBase64Url(key!)).toHaveLength(32);
    expect(made.gistUrl).toBe(`https://gist.github.com/octo/${gistId}`);

    const opened = await readGistSession(`#${made.fragment}`, reader());
    expect(opened.ok && opened.value.document).toEqual(document);
    // GitHub never saw the key nor the plain session; the reader sent no token.
    for (const request of github.requests()) {
      expect(`${request.path} ${request.body} ${JSON.stringify(request.headers)}`).not.toContain(key);
      expect(request.body).not.toContain(SECRET_TEXT);
    }
    expect(github.requests().filter((request) => request.method === 'GET').every((request) => request.headers.authorization === undefined)).toBe(true);
  });

  it('reads a file the API cut short whole from its raw address', async () => {
    const made = await shared();
    const gistId = made.fragment.replace('gist=', '').split('.')[0]!;
    const before = github.requests().length;
    const opened = await readGistSession(made.fragment, reader());
    expect(opened.ok).toBe(true);
    expect(github.requests().slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([`GET /gists/${gistId}`, `GET /gist-raw/${gistId}/${encodeURIComponent(GIST_FILE_NAME)}`]);
  });

  it('needs a token, and says where to set one', async () => {
    const made = await shareAsGist(document, { apiUrl: github.url });
    expect(made.ok ? null : made.error).toMatchObject({ kind: 'no-token', message: expect.stringContaining('Settings → GitHub token') });
  });

  it('says the token may not make Gists when GitHub refuses it', async () => {
    github.fault({ status: 404, path: '^/gists$', method: 'POST', times: 1 });
    const made = await shareAsGist(document, sender());
    expect(made.ok ? null : made.error.message).toMatch(/GitHub did not make the Gist: .*gist scope/);
  });
});

describe('a Gist link that does not open', () => {
  it('with another key: a wrong key, the link altered', async () => {
    const made = await shared();
    const gistId = made.fragment.replace('gist=', '').split('.')[0]!;
    const opened = await readGistSession(gistFragment(gistId, new Uint8Array(32).fill(7)), reader());
    expect(opened.ok ? null : opened.error).toMatchObject({ kind: 'share-wrong-key', message: expect.stringMatching(/key does not open its Gist/) });
  });

  it('of a deleted Gist: GitHub has no such Gist', async () => {
    const made = await shared();
    const gistId = made.fragment.replace('gist=', '').split('.')[0]!;
    github.deleteGist(gistId);
    const opened = await readGistSession(made.fragment, reader());
    expect(opened.ok ? null : opened.error).toMatchObject({ kind: 'share-gone', message: expect.stringMatching(/GitHub has no Gist .* it was deleted, or the link was altered/) });
  });

  it('of a Gist changed after sharing: the seal does not open', async () => {
    const made = await shared();
    const gistId = made.fragment.replace('gist=', '').split('.')[0]!;
    const stored = JSON.parse(github.gists().find((one) => one.id === gistId)!.files[GIST_FILE_NAME]!) as { data: string };
    const data = stored.data;
    const flipped = data.slice(0, 40) + (data[40] === 'A' ? 'B' : 'A') + data.slice(41);
    github.editGist(gistId, GIST_FILE_NAME, JSON.stringify({ ...stored, data: flipped }));
    const opened = await readGistSession(made.fragment, reader());
    expect(opened.ok ? null : opened.error).toMatchObject({ kind: 'share-corrupt', message: expect.stringMatching(/changed after it was shared/) });
  });

  it('when GitHub cannot be reached: a network error naming the address', async () => {
    const made = await shared();
    github.fault({ drop: true, path: '^/gists/', times: 1 });
    const opened = await readGistSession(made.fragment, reader());
    expect(opened.ok ? null : opened.error).toMatchObject({ kind: 'network', message: expect.stringContaining(`could not be reached at ${github.url}`) });
  });

  it('when the Gist no longer holds the session file', async () => {
    const made = await shared();
    const gistId = made.fragment.replace('gist=', '').split('.')[0]!;
    github.fault({ status: 200, path: `^/gists/${gistId}$`, method: 'GET', times: 1, body: { id: gistId, files: { 'other.txt': { content: 'hi' } } } });
    const opened = await readGistSession(made.fragment, reader());
    expect(opened.ok ? null : opened.error.kind).toBe('share-not-session');
  });
});

describe('a Gist link opened as a shared session', () => {
  it('opens the same session again, and never one it opened with a wrong key', async () => {
    const db = openDatabase({ name: 'gist-open' });
    const made = await shared();
    const first = await openSharedSource(db, { kind: 'link', fragment: `#${made.fragment}` }, reader);
    const again = await openSharedSource(db, { kind: 'link', fragment: made.fragment }, reader);
    expect(first.ok && again.ok).toBe(true);
    const idOf = (answer: typeof first) => (answer.ok ? (typeof answer.value === 'string' ? answer.value : answer.value.id) : null);
    expect(idOf(again)).toBe(idOf(first));
    expect(first.ok && typeof first.value !== 'string' && first.value.title).toBe('Shared: Gist plan');
    const gistId = made.fragment.replace('gist=', '').split('.')[0]!;
    const wrong = await openSharedSource(db, { kind: 'link', fragment: gistFragment(gistId, new Uint8Array(32)) }, reader);
    expect(wrong.ok ? null : wrong.error.kind).toBe('share-wrong-key');
    db.close();
  });
});
