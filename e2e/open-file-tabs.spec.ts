/**
 * The `Open files` tabs from the keyboard (the WAI-ARIA tabs pattern): one Tab stop, arrows and
 * Home/End move and open, Tab reaches the selected file's Close button, Delete closes the
 * focused file, and after a close the focus is on the tab shown next.
 */
import { expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

const write = (file_path: string) => ({
  chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path, content: `text of ${file_path}\n` } }], finishReason: 'STOP' }],
});

test('the Open files tabs work from the keyboard: arrows and Home/End open, Tab reaches Close, Delete closes', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [write('a.txt'), write('b.txt'), write('c.txt'), { chunks: [{ text: 'Three files.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'Write three files');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Three files.');

  const tabs = page.getByRole('tablist', { name: 'Open files' });
  const tab = (name: string) => tabs.getByRole('tab', { name, exact: true });
  const editor = page.locator('.editor-body .monaco-editor .view-lines');
  await expect(tabs.getByRole('tab')).toHaveText(['a.txt', 'b.txt', 'c.txt']);
  await expect(tab('c.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);

  await tab('c.txt').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('a.txt')).toBeFocused();
  await expect(tab('a.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(editor).toContainText('text of a.txt');
  await page.keyboard.press('End');
  await expect(tab('c.txt')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('b.txt')).toBeFocused();
  await expect(tab('b.txt')).toHaveAttribute('aria-selected', 'true');
  await expect(editor).toContainText('text of b.txt');
  await page.keyboard.press('Home');
  await expect(tab('a.txt')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Close a.txt' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tabs.getByRole('tab')).toHaveText(['b.txt', 'c.txt']);
  await expect(tab('b.txt')).toBeFocused();
  await expect(tab('b.txt')).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowRight');
  await expect(tab('c.txt')).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(tabs.getByRole('tab')).toHaveText(['b.txt']);
  await expect(tab('b.txt')).toBeFocused();
  await expect(editor).toContainText('text of b.txt');
  expect(pageErrors).toEqual([]);
});
