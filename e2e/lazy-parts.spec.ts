/**
 * The parts that load after the shell (the file and editor panes, the dialogs) when their code
 * cannot be downloaded: the page says so, the prompt keeps working, and a reload (Chromium keeps a
 * failed dynamic import for the page's life) loads them with nothing lost. The markdown renderer
 * and Monaco's diff have a plain fallback that simply stays.
 * Regression: the panes were a React.lazy component with no error boundary, so a failed chunk
 * unmounted the whole page.
 */
import { expect, openApp, sendMessage, statusOf, test, transcript, useGemini } from './fixtures';

test('a dialog whose code cannot be downloaded says so, and opens after a reload', async ({ page }) => {
  const settingsChunk = '**/assets/settings-dialog-*.js';
  await page.route(settingsChunk, (route) => route.abort('internetdisconnected'));
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings could not be opened' })).toContainText('Everything is saved: reload the page to try again.');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeHidden();

  await page.unroute(settingsChunk);
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeFocused();
});

test('when the panes cannot be downloaded, the page says so, the prompt still works, and a reload loads them with the message kept', async ({ page }) => {
  const panesChunk = '**/assets/workspace-panes-*.js';
  await page.route(panesChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/?sandbox=offline');
  const failure = page.getByRole('alert').filter({ hasText: 'The files and the editor could not be loaded' });
  await expect(failure).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loopscope' })).toBeVisible();

  await sendMessage(page, 'hello while the panes are missing');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText("I'm the Scripted demo");

  await page.unroute(panesChunk);
  await failure.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
  await expect(failure).toBeHidden();
  await expect(transcript(page)).toContainText('hello while the panes are missing');
});

test('the dialogs open at once once the page has fetched them while idle', async ({ page }) => {
  await openApp(page);
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /settings-dialog-/.test(entry.name)))).toBe(true);
  await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByRole('dialog', { name: /Share/ })).toBeVisible();
});

test('without the markdown and Monaco code, answers show as plain text and approvals keep their plain diff', async ({ page, gemini }) => {
  // Regression: a failed chunk of either threw into the agent panel's error boundary, which
  // replaced the whole panel, prompt included, with "The agent panel failed".
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'notes.md', content: 'first line\n' } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Wrote **notes.md**.', finishReason: 'STOP' }] },
    ],
  });
  await page.route(/\/assets\/(markdown|monaco-diff)-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Ask every time');
  await sendMessage(page, 'write notes');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval.getByLabel('Proposed change')).toContainText('+ first line');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(statusOf(page, 'write_file notes.md')).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Wrote **notes.md**.');
  await expect(page.getByText('The agent panel failed')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled();
});

test('when the editor cannot be downloaded, its panel offers a reload, and after it the file opens', async ({ page, gemini }) => {
  // Regression: the panel offered Try again, which fails the same way (Chromium keeps the failed module).
  gemini.setScript({
    responses: [
      { chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: 'a.txt', content: 'text of a.txt\n' } }], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Wrote a.txt.', finishReason: 'STOP' }] },
    ],
  });
  const editorChunk = /\/assets\/monaco-editor-view-[^/]*\.js$/;
  await page.route(editorChunk, (route) => route.abort('internetdisconnected'));
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'write a.txt');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote a.txt.');
  await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'a.txt' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'The editor panel could not be downloaded' });
  await expect(failure).toContainText('Everything is saved: reload the page to try again.');
  await expect(failure.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled();

  await page.unroute(editorChunk);
  await failure.getByRole('button', { name: 'Reload page' }).click();
  await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'a.txt' }).click();
  await expect(page.locator('.editor-body .monaco-editor .view-lines')).toContainText('text of a.txt');
});
