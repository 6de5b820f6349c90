/**
 * A full disk, for real: Chromium's quota for the app's origin is set (over CDP) below what the
 * origin already uses, so every IndexedDB write fails with QuotaExceededError.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';
import { fillStorage, limitStorage } from './storage-soak-helpers';

const createNotes = [
  { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'notes.txt', content: 'original line\n' } }], finishReason: 'STOP' }] },
  { chunks: [{ text: 'Created.', finishReason: 'STOP' }] },
];

const editorText = (page: Page) => page.locator('.monaco-editor .view-lines');
const tab = (page: Page, name: string) => page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name, exact: true });
const saveFailed = (page: Page) => page.getByRole('alert').filter({ hasText: 'notes.txt could not be saved' });

/**
 * The app's origin starts with a limited quota (before the app opens): Chromium keeps a
 * database's space left for 30 s (measured: a 1-byte quota with a 64-byte probe took 29–30 s to
 * be met, so a 30 s wait failed now and then), and checks again at once only for a write larger
 * than that; storage-soak-helpers' probe is.
 */
async function limitedApp(page: Page): Promise<void> {
  await limitStorage(page, new URL(test.info().project.use.baseURL ?? '').origin);
  await openApp(page);
}

test('an edit the full disk refused stays unsaved with an alert, survives closing its tab, and saves once space is free', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: createNotes });
  await limitedApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'Create notes.txt');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Created.');
  await expect(tab(page, 'notes.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(editorText(page)).toContainText('original line');

  await fillStorage(page, true);
  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('typed on a full disk');
  // The autosave is refused: the person is told why and what to do, and the edit stays unsaved.
  await expect(saveFailed(page)).toContainText('Browser storage is full');
  await expect(saveFailed(page)).toContainText('save again with Ctrl+S');
  await expect(tab(page, 'notes.txt •')).toBeVisible();
  await expect(editorText(page)).toContainText('typed on a full disk');

  // Closing the tab tries once more; refused again, the tab comes back with the text.
  await page.getByRole('button', { name: 'Close notes.txt' }).click();
  await expect(tab(page, 'notes.txt •')).toHaveAttribute('aria-selected', 'true');
  await expect(saveFailed(page)).toBeVisible();
  await expect(editorText(page)).toContainText('typed on a full disk');

  await fillStorage(page, false);
  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+s');
  await expect(saveFailed(page)).toBeHidden();
  await expect(tab(page, 'notes.txt')).toBeVisible();

  await page.reload();
  await openApp(page);
  await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'notes.txt' }).click();
  await expect(editorText(page)).toContainText('typed on a full disk');
  expect(pageErrors).toEqual([]);
});

test('a message the full disk refused comes back to the prompt box with an alert, is not sent, and is not there after a reload', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'Stored and answered.', finishReason: 'STOP' }] }] });
  await limitedApp(page);
  await useGemini(page, gemini);
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  const notSent = page.getByRole('alert').filter({ hasText: 'Your message was not sent' });
  const yours = transcript(page).getByRole('article', { name: 'You' });

  await fillStorage(page, true);
  await sendMessage(page, 'A message on a full disk');
  // Not shown as sent: the text is back in the box, and the alert says why and what to do.
  await expect(notSent).toContainText('Browser storage is full');
  await expect(notSent).toContainText('free space');
  await expect(box).toHaveValue('A message on a full disk');
  await expect(yours).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'stopped unexpectedly' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(0);

  await fillStorage(page, false);
  await page.reload();
  await openApp(page);
  await expect(transcript(page).getByText('A message on a full disk')).toHaveCount(0);
  await useGemini(page, gemini); // the key was kept for the tab only

  // Sent again with space free, it is stored and answered once.
  await sendMessage(page, 'A message on a full disk');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Stored and answered.');
  await expect(yours).toHaveText(['A message on a full disk']);
  expect(gemini.requests()).toHaveLength(1);
  expect(pageErrors).toEqual([]);
});
