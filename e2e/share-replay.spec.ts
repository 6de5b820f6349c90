/**
 * Sessions that travel: a recorded Gemini session is shared as a link, opened in a fresh
 * browser context (nothing stored), shown as it was, replayed through the real loop with an
 * approval for every write and command (the sender used Allow all), and ends with the same
 * files. A link that cannot be read shows one alert and changes nothing.
 */
import type { Page } from '@playwright/test';
import { decodeLink } from '../src/share/codec';
import { TEST_KEY, expect, openApp, sendMessage, test, toolCard, transcript, useGemini } from './fixtures';

const script = {
  responses: [
    { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'notes.txt', content: 'one\ntwo\n' } }], finishReason: 'STOP' }] },
    { chunks: [{ functionCalls: [{ name: 'edit', args: { file_path: 'notes.txt', old_string: 'two', new_string: 'three' } }], finishReason: 'STOP' }] },
    { chunks: [{ functionCalls: [{ name: 'run_shell_command', args: { command: 'echo built > out.txt' } }], finishReason: 'STOP' }] },
    { chunks: [{ text: 'All done: notes.txt and out.txt.', finishReason: 'STOP' }] },
  ],
};

const CARDS = ['write_file notes.txt', 'edit notes.txt', 'run_shell_command echo built > out.txt'];

/** The editor's text of a file, once the editor shows that file (`shows`: a piece only it has). */
async function fileText(page: Page, path: string, shows: string): Promise<string> {
  await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: path }).click();
  const lines = page.locator('.monaco-editor .view-lines');
  await expect(lines).toContainText(shows);
  return (await lines.innerText()).replace(/\u00a0/g, ' ');
}

test('a session shared as a link opens in a fresh browser as it was, and replays to the same files asking before every change', async ({ page, gemini, browser }) => {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Make notes and build');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('All done: notes.txt and out.txt.');
  const notes = await fileText(page, 'notes.txt', 'three');
  const out = await fileText(page, 'out.txt', 'built');

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const linkBox = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#session=/);
  await expect(dialog).toContainText(/Link size: [\d.]+ (KB|bytes)/);
  const link = await linkBox.inputValue();
  const decoded = decodeLink(new URL(link).hash);
  expect(decoded.ok).toBe(true);
  expect(link).not.toContain(TEST_KEY);
  expect(JSON.stringify(decoded.ok && decoded.value)).not.toContain(TEST_KEY);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const requestsBefore = gemini.requests().length;

  // Another browser: nothing stored, no key, no settings.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('list', { name: 'Sessions' }).getByText('Shared: Make notes and build')).toBeVisible();
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await expect(shared).toBeVisible();
  for (const card of CARDS) await expect(toolCard(reader, card)).toBeVisible();
  await expect(transcript(reader).getByRole('article', { name: 'Agent' }).last()).toHaveText('All done: notes.txt and out.txt.');
  expect(await fileText(reader, 'notes.txt', 'three')).toBe(notes);
  expect(await fileText(reader, 'out.txt', 'built')).toBe(out);
  expect(new URL(reader.url()).hash).toBe(''); // the session left the address bar

  await shared.getByRole('button', { name: 'Replay' }).click();
  const controls = reader.getByRole('toolbar', { name: 'Replay controls' });
  await expect(controls).toBeVisible();
  const approval = reader.getByRole('region', { name: 'Approval required' });
  for (const card of CARDS) {
    await expect(approval).toBeVisible();
    await expect(toolCard(reader, card).locator('[data-status]')).toHaveText('awaiting approval');
    await approval.getByRole('button', { name: 'Allow once' }).click();
    await expect(toolCard(reader, card).locator('[data-status]')).toHaveText('success');
  }
  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 4 of 4');
  expect(await fileText(reader, 'notes.txt', 'three')).toBe(notes);
  expect(await fileText(reader, 'out.txt', 'built')).toBe(out);
  expect(gemini.requests()).toHaveLength(requestsBefore); // the replay never called a model
  await context.close();
});

test('a link that was cut short shows one alert, opens nothing and runs nothing (default URL)', async ({ page, pageErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
  await page.goto('/#session=eJzLSM3JyVcozy_KSQEAGgQEXQ');
  await expect(transcript(page).getByRole('alert')).toContainText('could not be opened');
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Shared session' })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('a class steps through a recorded lesson: Pause stops before every model call and tool, Next step goes one step on', async ({ page }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Recorded lesson' }).selectOption('Build a small web page');
  await page.getByRole('button', { name: 'Open recording' }).click();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText('Lesson: Build a small web page')).toBeVisible();
  const reader = page;
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await shared.getByRole('button', { name: 'Replay' }).click();
  const controls = reader.getByRole('toolbar', { name: 'Replay controls' });
  const approval = reader.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible(); // the lesson's first write asks, though the sender allowed all
  await controls.getByRole('button', { name: 'Pause' }).click();
  await expect(controls.getByRole('status')).toContainText('(paused)');

  const pausedAt: string[] = [];
  const pauseStatus = reader.locator('p.paused');
  for (let steps = 0; steps < 30; steps++) {
    const finished = shared.getByRole('status').filter({ hasText: 'Replay finished' });
    await expect(approval.or(pauseStatus.filter({ hasText: 'Paused before' })).or(finished)).toBeVisible();
    if (await finished.isVisible()) break;
    if (await approval.isVisible()) {
      // The card may be replaced between the look and the read (the next call of a batch asks): look again.
      const asked = await approval.innerText({ timeout: 2_000 }).catch(() => null);
      if (asked === null) continue;
      const allowed = await approval
        .getByRole('button', { name: 'Allow once' })
        .click({ timeout: 2_000 })
        .then(() => true, () => false);
      if (allowed) await expect(approval.filter({ hasText: asked })).toHaveCount(0); // gone, or the next call of the batch asks
      continue;
    }
    const label = await pauseStatus.innerText();
    pausedAt.push(label);
    const match = /the model call: model call (\d+)/.exec(label);
    // Paused before model call k: k − 1 recorded responses were played, no more.
    if (match) await expect(controls.getByRole('status')).toContainText(`Round-trip ${Number(match[1]) - 1} of`);
    await controls.getByRole('button', { name: 'Next step' }).click();
    await expect(pauseStatus).not.toHaveText(label);
  }
  expect(pausedAt.some((label) => /before the model call: model call 2/.test(label))).toBe(true);
  expect(pausedAt.some((label) => /before the tool: write_file/.test(label))).toBe(true);
  await expect(shared.getByRole('status')).toContainText(/Replay finished: round-trip (\d+) of \1/);
});

test('a session exported as a file and imported comes back the same: transcript, files and Loop inspector', async ({ page, browser }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await page.getByRole('button', { name: 'Fix a bug with an edit' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden({ timeout: 30_000 });
  const cards = await transcript(page).getByRole('article').evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
  const files = await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem').allInnerTexts();
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  // The inspector's code and its stored records load after the click ("Loading…" meanwhile).
  await expect(page.getByRole('region', { name: 'Loop inspector' }).getByRole('button', { name: /Round-trip \d+/ }).first()).toBeVisible();
  const roundTrips = await page.getByRole('region', { name: 'Loop inspector' }).getByRole('button', { name: /Round-trip \d+/ }).count();
  expect(roundTrips).toBeGreaterThan(1);
  const timelines = await page.getByRole('region', { name: 'Loop inspector' }).getByRole('list', { name: /^Timeline of / }).allInnerTexts();
  expect(timelines.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download session file' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.loopscope\.json$/);
  const saved = await download.path();

  const context = await browser.newContext();
  const reader = await context.newPage();
  await openApp(reader);
  await reader.getByRole('button', { name: 'Import' }).click();
  const [chooser] = await Promise.all([reader.waitForEvent('filechooser'), reader.getByRole('menuitem', { name: 'Open session file' }).click()]);
  await chooser.setFiles(saved);
  await expect(reader.getByRole('region', { name: 'Shared session' })).toBeVisible();
  await expect(reader.getByRole('list', { name: 'Sessions' }).getByText('Shared: Fix a bug with an edit')).toBeVisible();
  await expect.poll(() => transcript(reader).getByRole('article').evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')))).toEqual(cards);
  await expect.poll(() => reader.getByRole('tree', { name: 'Files' }).getByRole('treeitem').allInnerTexts()).toEqual(files);
  await reader.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  await expect(reader.getByRole('region', { name: 'Loop inspector' }).getByRole('button', { name: /Round-trip \d+/ })).toHaveCount(roundTrips);
  // The tool calls' status timelines came along (their times too: they are the sender's).
  await expect.poll(() => reader.getByRole('region', { name: 'Loop inspector' }).getByRole('list', { name: /^Timeline of / }).allInnerTexts()).toEqual(timelines);
  await context.close();
});

test('/share in the prompt opens Share session', async ({ page }) => {
  await openApp(page);
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.click();
  await page.keyboard.type('/sha');
  await expect(page.getByRole('listbox', { name: 'Commands' }).getByRole('option')).toHaveText([/^\/share/]);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(/#session=/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
