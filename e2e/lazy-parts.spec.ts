/**
 * The parts that load after the shell (the file and editor panes, the dialogs) when their code
 * cannot be downloaded: the page says so, the prompt keeps working, and a reload (Chromium keeps a
 * failed dynamic import for the page's life) loads them with nothing lost.
 * Regression: the panes were a React.lazy component with no error boundary, so a failed chunk
 * unmounted the whole page.
 */
import { expect, openApp, sendMessage, test, transcript } from './fixtures';

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
  await expect(transcript(page)).toContainText('hello while the panes are missing');

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
