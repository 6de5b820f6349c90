/**
 * Every control is usable the moment it shows (issue 23, item 4): an import, New file and Rename
 * right after the page shows (on the default URL, WebContainer attempted first), right after
 * New session and right after switching sessions, each five times; and a message sent with Enter
 * the moment the last answer appears reaches the model, queued visibly until the run has ended.
 */
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { expect, openApp, test, transcript, useGemini } from './fixtures';

const ROUNDS = 5;

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message the agent' });
const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
const sessions = (page: Page) => page.getByRole('list', { name: 'Sessions' });
/** Alerts that say something (Monaco keeps empty ones for its screen-reader announcements). */
const alerts = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ });

async function importZip(page: Page, name: string, files: Record<string, string>): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('menu', { name: 'Import' }).getByRole('menuitem', { name: 'Open ZIP' }).click();
  const bytes = zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])));
  await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(bytes) });
}

async function newFile(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'New file', exact: true }).click();
  const box = page.getByRole('textbox', { name: 'New file path' });
  await box.fill(path);
  await box.press('Enter');
}

async function rename(page: Page, from: string, to: string): Promise<void> {
  await item(page, from).focus();
  await page.keyboard.press('F2');
  const box = page.getByRole('textbox', { name: `New name for ${from}` });
  await box.fill(to);
  await box.press('Enter');
}

/** Import, New file and Rename, each started at once; all succeed, in the session on screen. */
async function changeFilesAtOnce(page: Page, tag: string): Promise<void> {
  await importZip(page, `${tag}.zip`, { [`imported-${tag}.txt`]: tag });
  await expect(page.getByRole('status').filter({ hasText: `Imported 1 file from ${tag}.zip.` })).toBeVisible();
  await expect(item(page, `imported-${tag}.txt`)).toBeVisible();
  await newFile(page, `new-${tag}.txt`);
  await expect(item(page, `new-${tag}.txt`)).toBeVisible();
  await rename(page, `new-${tag}.txt`, `renamed-${tag}.txt`);
  await expect(item(page, `renamed-${tag}.txt`)).toBeVisible();
  await expect(item(page, `new-${tag}.txt`)).toHaveCount(0);
  await expect(alerts(page)).toHaveCount(0);
}

test('on the default URL, Import, New file and Rename work the moment the prompt shows, five loads in a row', async ({ page, pageErrors }) => {
  for (let round = 0; round < ROUNDS; round++) {
    await page.goto('/', { waitUntil: 'commit' });
    await expect(prompt(page)).toBeVisible();
    await changeFilesAtOnce(page, `load-${round}`);
  }
  // All in the one session the page opened each time (the last one), none lost.
  for (let round = 0; round < ROUNDS; round++) await expect(item(page, `renamed-load-${round}.txt`)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('status')).toContainText('Offline sandbox');
  expect(pageErrors).toEqual([]);
});

test('right after New session, Import, New file and Rename go to the new session, five times', async ({ page }) => {
  await openApp(page);
  for (let round = 0; round < ROUNDS; round++) {
    await page.getByRole('button', { name: 'New session' }).click();
    await changeFilesAtOnce(page, `new-session-${round}`);
    // The new session's tree holds this round's files only.
    await expect(tree(page).getByRole('treeitem')).toHaveCount(2);
  }
  await expect(sessions(page).getByRole('listitem')).toHaveCount(ROUNDS + 1);
});

test('right after switching sessions, Import, New file and Rename go to the session switched to, five times', async ({ page }) => {
  await openApp(page);
  // Two sessions, named by their first message (the scripted demo answers).
  for (const title of ['alpha', 'beta']) {
    if (title === 'beta') await page.getByRole('button', { name: 'New session' }).click();
    await prompt(page).fill(title);
    await prompt(page).press('Enter');
    await expect(transcript(page).getByRole('article', { name: 'Agent' }).first()).toBeVisible();
    await expect(sessions(page).getByRole('button', { name: title, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const title = round % 2 === 0 ? 'alpha' : 'beta';
    await sessions(page).getByRole('button', { name: title, exact: true }).click();
    await changeFilesAtOnce(page, `${title}-${round}`);
    await expect(sessions(page).getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) })).toHaveAttribute('aria-current', 'true');
  }
  // Each round's files are in the session it was switched to, and only there.
  await sessions(page).getByRole('button', { name: 'alpha', exact: true }).click();
  await expect(item(page, 'renamed-alpha-4.txt')).toBeVisible();
  await expect(item(page, 'renamed-beta-3.txt')).toHaveCount(0);
  await expect(tree(page).getByRole('treeitem')).toHaveCount(6);
});

test('a message sent with Enter right after New session, and right after switching, runs in the session switched to', async ({ page }) => {
  await openApp(page);
  await prompt(page).fill('first session');
  await prompt(page).press('Enter');
  await expect(sessions(page).getByRole('button', { name: 'first session', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  for (let round = 0; round < ROUNDS; round++) {
    await page.getByRole('button', { name: 'New session' }).click();
    await prompt(page).fill(`new ${round}`);
    await prompt(page).press('Enter');
    await expect(sessions(page).getByRole('button', { name: `new ${round}`, exact: true })).toBeVisible();
    await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText([`new ${round}`]);
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  }
  // Switching back: the message goes to the session switched to, after its history.
  await sessions(page).getByRole('button', { name: 'first session', exact: true }).click();
  await prompt(page).fill('back again');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText(['first session', 'back again']);
  await expect(alerts(page)).toHaveCount(0);
  await expect(sessions(page).getByRole('listitem')).toHaveCount(ROUNDS + 1);
});

test('five exchanges where each next message is queued with Alt+Enter the moment the answer appears: every message reaches the model', async ({ page, gemini }) => {
  // Each answer streams in two parts, the second held until the test releases it: its first words show while the run goes on.
  const answers = Array.from({ length: ROUNDS }, (_, index) => ({
    holdBefore: 1,
    chunks: [{ text: `Answer ${index + 1} begins.` }, { text: ' And ends.', finishReason: 'STOP' }],
  }));
  gemini.setScript({ responses: answers });
  await openApp(page);
  await useGemini(page, gemini);

  await prompt(page).fill('message 1');
  await prompt(page).press('Enter');
  for (let round = 1; round < ROUNDS; round++) {
    await expect(transcript(page).getByRole('article', { name: 'Agent' }).nth(round - 1)).toContainText(`Answer ${round} begins.`);
    await prompt(page).fill(`message ${round + 1}`);
    // Alt+Enter queues (Enter would steer the run under way: steering.spec.ts).
    await prompt(page).press('Alt+Enter');
    await expect(prompt(page)).toHaveValue('');
    // It waits, said so, until the answer before it has ended; then it goes.
    await expect(page.getByRole('status').filter({ hasText: `Queued: “message ${round + 1}”` })).toBeVisible();
    expect(gemini.release()).toBe(1);
  }
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveCount(ROUNDS);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toContainText(`Answer ${ROUNDS} begins.`);
  expect(gemini.release()).toBe(1);
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveCount(ROUNDS);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText(`Answer ${ROUNDS} begins. And ends.`);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText(Array.from({ length: ROUNDS }, (_, index) => `message ${index + 1}`));
  const asked = gemini.requests().map((request) => JSON.stringify(request.body).match(/message \d/g)?.at(-1));
  expect(asked).toEqual(Array.from({ length: ROUNDS }, (_, index) => `message ${index + 1}`));
  await expect(alerts(page)).toHaveCount(0);
});

test('Stop gives a queued message back to the prompt; it is never sent', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ hang: true, chunks: [{ text: 'Working on it…' }] }, { chunks: [{ text: 'unused', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await prompt(page).fill('first');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Working on it');
  await prompt(page).fill('second, queued');
  await page.getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued: “second, queued”' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(prompt(page)).toHaveValue('second, queued');
  await expect(page.getByRole('status').filter({ hasText: 'Queued:' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(1);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(1);
});
