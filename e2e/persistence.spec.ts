import type { Page } from '@playwright/test';
import { TEST_KEY, expect, openApp, sendMessage, statusOf, test, transcript, useGemini } from './fixtures';

test('after a reload the transcript, the files and the settings are back', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'notes/todo.md', content: '# Todo\n' } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Wrote notes/todo.md.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'Write a todo file');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote notes/todo.md.');
  // The answer shows while it streams; it is stored when the turn ends (spec F7).
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();

  await page.reload();
  await openApp(page);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveText(/^Write a todo file/);
  await expect(statusOf(page, 'write_file notes/todo.md')).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote notes/todo.md.');
  const files = page.getByRole('tree', { name: 'Files' });
  await expect(files.getByRole('treeitem', { name: 'notes' })).toBeVisible();
  await expect(files.getByRole('treeitem', { name: 'todo.md' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Approval mode' })).toHaveValue('auto-edit');
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveText(['Write a todo file✎×']);

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveValue('gemini');
  await expect(dialog.getByLabel('Gemini API key')).toHaveValue(TEST_KEY);
  await expect(dialog.getByRole('textbox', { name: 'API base URL' })).toHaveValue(gemini.url);
});

/** The settings row as stored in IndexedDB (read without the app's code). */
function storedSettings(page: Page): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(async () => {
    const request = indexedDB.open('loopscope');
    const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const read = db.transaction('settings').objectStore('settings').get('settings');
    const row = await new Promise<Record<string, unknown> | undefined>((resolve) => (read.onsuccess = () => resolve(read.result as Record<string, unknown> | undefined)));
    db.close();
    return row;
  });
}

test('the key is forgotten on reload unless the person chose to remember it', async ({ page, gemini }) => {
  await openApp(page);
  await useGemini(page, gemini);
  // Save closes the dialog once the settings are stored, so a reload right away keeps them.
  await page.reload();
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'API base URL' })).toHaveValue(gemini.url);
  await expect(dialog.getByLabel('Gemini API key')).toHaveValue('');
  expect(JSON.stringify(await storedSettings(page))).not.toContain(TEST_KEY);
});

test('the page is isolated and talks only to its own origin and the model endpoint', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'hi', finishReason: 'STOP' }] }] });
  const urls: string[] = [];
  const keyed: string[] = [];
  page.on('request', (request) => {
    urls.push(request.url());
    if (request.headers()['x-goog-api-key']) keyed.push(request.url());
  });
  await openApp(page);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  await useGemini(page, gemini);
  await sendMessage(page, 'hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('hi');
  // Open a file in Monaco too, so its lazy chunks and workers are part of the record.
  const appOrigin = new URL(page.url()).origin;
  const foreign = urls.filter((url) => !url.startsWith(appOrigin) && !url.startsWith(gemini.url) && !url.startsWith('data:') && !url.startsWith('blob:'));
  expect(foreign).toEqual([]);
  expect(keyed.length).toBeGreaterThan(0);
  expect(keyed.every((url) => url.startsWith(gemini.url))).toBe(true);
});
