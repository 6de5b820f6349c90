import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
/** Streams a first chunk, then holds the response open until the client gives up. */
const hanging = { hang: true as const, chunks: [{ text: 'Thinking out loud' }] };

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message the agent' });
const stop = (page: Page) => page.getByRole('button', { name: 'Stop' });
const agentSays = (page: Page) => transcript(page).getByRole('article', { name: 'Agent' });

async function geminiReady(page: Page, gemini: FakeGemini): Promise<void> {
  await openApp(page);
  await useGemini(page, gemini);
  await expect(page.getByText('Model: Gemini', { exact: true })).toBeVisible();
}

/** Sends a message whose answer starts streaming and never ends. */
async function startStreaming(page: Page): Promise<void> {
  await sendMessage(page, 'Tell me a long story');
  await expect(agentSays(page)).toHaveText('Thinking out loud');
  await expect(stop(page)).toBeVisible();
}

test('Enter sends, Shift+Enter starts a new line', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [text('Two lines received.')] });
  await geminiReady(page, gemini);
  const box = prompt(page);
  await box.click();
  await page.keyboard.type('line one');
  await page.keyboard.press('Shift+Enter');
  await page.keyboard.type('line two');
  await expect(box).toHaveValue('line one\nline two');
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(0);

  await page.keyboard.press('Enter');
  await expect(agentSays(page)).toHaveText('Two lines received.');
  await expect(box).toHaveValue('');
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(1);
  expect(JSON.stringify(gemini.requests()[0]?.body)).toContain('line one\\nline two');

  // Enter on an empty or blank prompt sends nothing.
  await page.keyboard.type('   ');
  await page.keyboard.press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(1);
  expect(gemini.requests()).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});

test('Escape while the answer streams stops it, and what is typed in the prompt is kept', async ({ page, gemini }) => {
  gemini.setScript({ responses: [hanging, text('Short answer.')] });
  await geminiReady(page, gemini);
  await startStreaming(page);
  await prompt(page).fill('draft while it runs');

  await prompt(page).press('Escape');
  await expect(stop(page)).toBeHidden();
  await expect(transcript(page)).toContainText('Request cancelled.');
  await expect(prompt(page)).toHaveValue('draft while it runs');

  await prompt(page).press('End');
  await page.keyboard.type(', and after');
  await expect(prompt(page)).toHaveValue('draft while it runs, and after');
  await prompt(page).press('Enter');
  await expect(agentSays(page).last()).toHaveText('Short answer.');
  await expect(transcript(page).getByRole('article', { name: 'You' }).last()).toHaveText('draft while it runs, and after');
  expect(gemini.requests()).toHaveLength(2);
});

test('the Files tree works with the keyboard: arrows move, Left/Right fold, Enter opens a tab', async ({ page, gemini }) => {
  const write = (file_path: string, content: string) => ({ name: 'write_file', args: { file_path, content } });
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [write('docs/guide.md', '# Guide\n'), write('readme.txt', 'Read me first\n')], finishReason: 'STOP' }] },
      text('Two files.'),
    ],
  });
  await geminiReady(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'Write two files');
  await expect(agentSays(page).last()).toHaveText('Two files.');
  // The agent's writes opened tabs; close them so Enter has something to do.
  const tabs = page.getByRole('tablist', { name: 'Open files' });
  for (const path of ['docs/guide.md', 'readme.txt']) await page.getByRole('button', { name: `Close ${path}` }).click();
  await expect(tabs.getByRole('tab')).toHaveCount(0);

  const tree = page.getByRole('tree', { name: 'Files' });
  const docs = tree.getByRole('treeitem', { name: 'docs' });
  const guide = tree.getByRole('treeitem', { name: 'guide.md' });
  const readme = tree.getByRole('treeitem', { name: 'readme.txt' });
  await expect(docs).toHaveAttribute('tabindex', '0');
  await docs.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(docs).toHaveAttribute('aria-expanded', 'false');
  await expect(guide).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(docs).toHaveAttribute('aria-expanded', 'true');
  await expect(guide).toBeVisible();

  await page.keyboard.press('ArrowDown');
  await expect(guide).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(readme).toBeFocused();
  await expect(readme).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab', { name: 'readme.txt' })).toHaveAttribute('aria-selected', 'true');
  await expect(readme).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('Read me first');

  await readme.focus();
  await page.keyboard.press('ArrowUp');
  await expect(guide).toBeFocused();
  await page.keyboard.press('Space');
  await expect(tabs.getByRole('tab', { name: 'docs/guide.md' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab')).toHaveCount(2);
});

test('Settings takes the focus when it opens and Escape closes it without saving', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeFocused();
  await dialog.getByRole('textbox', { name: 'Model' }).fill('changed-but-not-saved');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Model' })).not.toHaveValue('changed-but-not-saved');
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveValue('scripted');
});

/** Settings opened, its first field focused, while an answer streams (and never ends). */
async function settingsWhileStreaming(page: Page, gemini: FakeGemini) {
  gemini.setScript({ responses: [hanging] });
  await geminiReady(page, gemini);
  await startStreaming(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeFocused();
  return dialog;
}

/** The agent still runs a moment later: nothing stopped it. */
async function expectNotStopped(page: Page) {
  await page.waitForTimeout(1000); // unavoidable: shows that a stop does not happen
  await expect(stop(page)).toBeVisible();
  await expect(transcript(page)).not.toContainText('Request cancelled.');
}

test('Escape in the Settings dialog closes it but does not stop the agent', async ({ page, gemini }) => {
  const dialog = await settingsWhileStreaming(page, gemini);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectNotStopped(page);
  // Escape outside the dialog still stops it.
  await page.keyboard.press('Escape');
  await expect(stop(page)).toBeHidden();
});

test('Escape closes a dialog whose focus fell onto the page (its pressed button became disabled), and does not stop the agent', async ({ page, gemini }) => {
  const dialog = await settingsWhileStreaming(page, gemini);
  // What a button that turns disabled while focused does: the focus goes to the page's body.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator('body')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectNotStopped(page);
});

test('when Settings closes, the focus goes back to the Settings button', async ({ page }) => {
  // Regression (was a bug in src/ui/settings/settings-dialog.tsx / app.tsx): the dialog focuses its first field on open
  // but nothing restores the focus on close, so it falls to <body> and a keyboard user
  // starts over from the top of the page (WAI-ARIA dialog pattern: return it to the opener).
  await openApp(page);
  const settings = page.getByRole('button', { name: 'Settings' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();
  await expect(settings).toBeFocused({ timeout: 2000 });
});

test('Escape that cancels a session rename does not stop the agent', async ({ page, gemini }) => {
  // Regression (was a bug in src/ui/files/sessions-list.tsx): the title input handles Escape without preventDefault(),
  // so the agent panel's window-level Escape handler (agent-panel.tsx) also stops the run.
  gemini.setScript({ responses: [hanging] });
  await geminiReady(page, gemini);
  await startStreaming(page);
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await sessions.getByRole('button', { name: 'Rename Tell me a long story' }).click();
  const input = sessions.getByRole('textbox', { name: 'Session title' });
  await input.fill('Never mind');
  await input.press('Escape');
  await expect(input).toBeHidden();
  await expect(sessions.getByRole('button', { name: 'Tell me a long story', exact: true })).toBeVisible();
  await page.waitForTimeout(1000); // unavoidable: shows that a stop does not happen
  await expect(stop(page)).toBeVisible({ timeout: 1000 });
  await expect(transcript(page)).not.toContainText('Request cancelled.');
});

test('the view tabs move the focus with the arrow keys, so the Loop inspector is reachable from the keyboard', async ({ page }) => {
  await openApp(page);
  const tabs = page.getByRole('tablist', { name: 'Views' });
  await tabs.getByRole('tab', { selected: true }).focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('ArrowRight');
  const inspector = tabs.getByRole('tab', { name: 'Loop inspector' });
  await expect(inspector).toBeFocused();
  await expect(inspector).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Loop inspector' })).toBeVisible();
});
