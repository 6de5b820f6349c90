/**
 * Links for long sessions: past the link limit, Share session offers Share as encrypted Gist
 * (with the GitHub token of Settings; without one it says where to set it). The fake GitHub API
 * stores only the sealed text; the link holds the Gist's id and its key after `#`, and opens in
 * another browser with no token, on the default URL. A wrong key, a deleted or changed Gist, a
 * file the API cut short and an unreachable GitHub are each met as a reader would meet them.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { startFakeGitHub } from './fake-github/server.mjs';
import type { FakeGitHub } from './fake-github/server.mjs';
import { buildDocument } from '../src/share/session-document';
import { GIST_FILE_NAME, newGistKey, sealDocument } from '../src/share/gist-seal';
import { gistFragment } from '../src/share/gist-link';
import { expect, openApp, sendMessage, transcript, useGemini } from './fixtures';
import { item, test, useGitHub } from './github-helpers';

/** Text that packs badly (a xorshift stream over 64 characters): `length` of it makes a link far past 64 KB. */
function noise(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let state = 0x9e3779b9;
  let text = '';
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    text += alphabet[(state >>> 0) % 64];
  }
  return text;
}

const BIG = noise(160_000);
const shareDialog = (page: Page) => page.getByRole('dialog', { name: 'Share session' });
const sessions = (page: Page) => page.getByRole('list', { name: 'Sessions' });

test('a session past the link limit is shared as an encrypted Gist, and its link opens in another browser with no token (default URL)', async ({ page, gemini, github, browser, pageErrors }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'data.txt', content: BIG } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Wrote data.txt.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the data file');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote data.txt.');

  // No token yet: the dialog says where to set one instead of offering the button.
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(shareDialog(page).getByRole('note').filter({ hasText: 'longer than is practical' })).toBeVisible();
  await expect(shareDialog(page).getByRole('note').filter({ hasText: 'Settings → GitHub token' })).toBeVisible();
  await expect(shareDialog(page).getByRole('button', { name: 'Share as encrypted Gist' })).toHaveCount(0);
  await shareDialog(page).getByRole('button', { name: 'Close' }).click();

  await useGitHub(page, github, github.token);
  await page.getByRole('button', { name: 'Share' }).click();
  // By keyboard: the button, then the focus on the link it made.
  await shareDialog(page).getByRole('button', { name: 'Share as encrypted Gist' }).focus();
  await page.keyboard.press('Enter');
  const linkBox = shareDialog(page).getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#gist=[0-9a-f]+\.[A-Za-z0-9_-]{43}$/);
  await expect(linkBox).toBeFocused();
  await expect(shareDialog(page)).toContainText('GitHub holds only the encrypted text');
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')}`)).toEqual([]);
  const fragment = new URL(await linkBox.inputValue()).hash.slice(1);
  const key = fragment.split('.')[1]!;

  // GitHub holds one secret Gist with the sealed text only, and never saw the key.
  const gists = github.gists();
  expect(gists).toHaveLength(1);
  expect(gists[0]!.public).toBe(false);
  const sealed = gists[0]!.files[GIST_FILE_NAME]!;
  expect(sealed).not.toContain(BIG.slice(0, 200));
  expect(sealed).not.toContain('Write the data file');
  for (const request of github.requests()) expect(`${request.path} ${request.body} ${JSON.stringify(request.headers)}`).not.toContain(key);

  // Another browser, nothing stored but the GitHub API URL of its Settings (the fake): no token.
  const context = await browser.newContext();
  const reader = await context.newPage();
  const readerErrors: string[] = [];
  reader.on('pageerror', (error) => readerErrors.push(error.message));
  await reader.goto('/');
  await expect(sessions(reader).getByRole('listitem')).toHaveCount(1);
  await useGitHub(reader, github);
  const asked = github.requests().length;
  await reader.goto(`/#${fragment}`);
  await expect(sessions(reader).getByText('Shared: Write the data file')).toBeVisible();
  await expect(transcript(reader).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote data.txt.');
  await expect(item(reader, 'data.txt')).toBeVisible();
  expect(new URL(reader.url()).hash).toBe(''); // the key left the address bar
  const reads = github.requests().slice(asked);
  expect(reads.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /gists/${fragment.slice('gist='.length).split('.')[0]}`]);
  expect(reads[0]!.headers.authorization).toBeUndefined();
  expect(readerErrors).toEqual([]);
  await context.close();
  expect(pageErrors).toEqual([]);
});

/** A sealed session stored in the fake as the app would store it; answers the link's fragment. */
async function storedGist(github: FakeGitHub, title: string): Promise<string> {
  const document = buildDocument({
    title,
    createdAt: Date.now(),
    history: [
      { role: 'user', parts: [{ text: title }] },
      { role: 'model', parts: [{ text: `Done: ${title}.` }] },
    ],
    roundTrips: [],
    files: [{ path: 'notes.txt', content: `${title}\n${noise(600)}\n` }],
  });
  const key = await newGistKey();
  const response = await fetch(`${github.url}/gists`, {
    method: 'POST',
    headers: { authorization: `token ${github.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ public: false, description: 'test', files: { [GIST_FILE_NAME]: { content: await sealDocument(document, key) } } }),
  });
  const { id } = (await response.json()) as { id: string };
  return gistFragment(id, key);
}

test('a Gist link says it is opening while GitHub answers; Gist links that do not open say why, and open nothing: wrong key, deleted, changed, unreachable; a file cut short is read whole (?sandbox=offline)', async ({ page, pageErrors }) => {
  // GitHub's API gives at most 1 MB of a file and says `truncated`: this fake cuts at 100 characters.
  const github = await startFakeGitHub({ gistTruncateAt: 100 });
  try {
    await openApp(page);
    await useGitHub(page, github);
    const alert = transcript(page).getByRole('alert');

    const opening = page.getByRole('status').filter({ hasText: 'fetching its encrypted Gist from GitHub' });
    const opens = await storedGist(github, 'Cut short by the API');
    // GitHub answers late: the page says what it is waiting for until the session is open.
    github.fault({ holdMs: 1500, path: '^/gists/', times: 1 });
    await page.goto(`/?sandbox=offline#${opens}`);
    await expect(opening).toBeVisible();
    await expect(sessions(page).getByText('Shared: Cut short by the API')).toBeVisible();
    await expect(opening).toHaveCount(0);
    await expect(item(page, 'notes.txt')).toBeVisible();
    expect(github.requests().some((request) => request.path.startsWith('/gist-raw/'))).toBe(true);
    const count = await sessions(page).getByRole('listitem').count();
    await page.getByRole('button', { name: 'New session' }).click();
    await expect(sessions(page).getByRole('listitem')).toHaveCount(count + 1);

    const expectRefused = async (fragment: string, message: RegExp | string) => {
      await page.goto(`/?sandbox=offline#${fragment}`);
      await expect(alert.last()).toContainText('could not be opened');
      await expect(alert.last()).toContainText(message);
      await expect(opening).toHaveCount(0);
      await expect(sessions(page).getByRole('listitem')).toHaveCount(count + 1);
      await expect(page.getByRole('region', { name: 'Shared session' })).toHaveCount(0);
    };

    const wrongKey = await storedGist(github, 'Wrong key');
    await expectRefused(`${wrongKey.split('.')[0]}.${'A'.repeat(43)}`, "This link's key does not open its Gist");

    const deleted = await storedGist(github, 'Deleted');
    github.deleteGist(deleted.slice('gist='.length).split('.')[0]!);
    await expectRefused(deleted, /GitHub has no Gist [0-9a-f]+ at .*: it was deleted, or the link was altered/);

    const changed = await storedGist(github, 'Changed');
    const changedId = changed.slice('gist='.length).split('.')[0]!;
    const envelope = JSON.parse(github.gists().find((gist) => gist.id === changedId)!.files[GIST_FILE_NAME]!) as { data: string };
    github.editGist(changedId, GIST_FILE_NAME, JSON.stringify({ ...envelope, data: `${envelope.data[0] === 'A' ? 'B' : 'A'}${envelope.data.slice(1)}` }));
    await expectRefused(changed, 'changed after it was shared');

    const unreachable = await storedGist(github, 'Unreachable');
    github.fault({ drop: true, path: '^/gists/' });
    await expectRefused(unreachable, 'GitHub could not be reached');
    expect(pageErrors).toEqual([]);
  } finally {
    await github.close();
  }
});
