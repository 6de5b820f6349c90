import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });

test('an edit is approved through its diff, and Restore puts the file back', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      call('write_file', { file_path: 'app.js', content: 'const greeting = "hello";\n' }),
      call('edit', { file_path: 'app.js', old_string: '"hello"', new_string: '"goodbye"' }),
      text('Changed the greeting.'),
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Ask every time');
  await sendMessage(page, 'make app.js and change it');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(approval).toContainText('goodbye');
  await expect(approval.getByTestId('monaco-diff').or(approval.getByLabel('Proposed change'))).toBeVisible();
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(statusOf(page, 'edit app.js')).toHaveText('success');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('goodbye');

  await toolCard(page, 'edit app.js').getByRole('button', { name: 'Restore' }).click();
  await expect(transcript(page)).toContainText('Restored 1 file(s): app.js');
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('hello');
});

test('a shell command shows its output in the tool card', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('run_shell_command', { command: 'echo one; echo two >&2; exit 3' }), text('Ran it.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await expect(page.getByText('Allow all: the agent writes files and runs commands without asking.')).toBeVisible();
  await sendMessage(page, 'run it');
  const card = toolCard(page, 'run_shell_command echo one; echo two >&2; exit 3');
  await expect(card.locator('[data-status]')).toHaveText(/success|error/);
  await expect(card).toContainText('one');
  await expect(card).toContainText('two');
  await expect(card).toContainText('exit code 3');
});

test('a tool output is a Tab stop only when it is long enough to scroll', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [call('run_shell_command', { command: 'echo short' }), call('run_shell_command', { command: 'seq 1 80' }), text('Ran both.')],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'run them');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Ran both.');
  const short = toolCard(page, 'run_shell_command echo short').getByLabel('Command output');
  const long = toolCard(page, 'run_shell_command seq 1 80').getByLabel('Command output');
  await expect(long).toContainText('80');
  await expect(long).toHaveAttribute('tabindex', '0');
  await expect(short).toContainText('short');
  await expect(short).not.toHaveAttribute('tabindex');
  // The keyboard reaches the long one and scrolls it.
  await long.focus();
  await page.keyboard.press('End');
  await expect.poll(() => long.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
});

test('the terminal runs a command in the same sandbox and its files reach the tree', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByRole('region', { name: 'Terminal' });
  await expect(terminal.locator('.xterm')).toBeVisible();
  await terminal.locator('.xterm').click();
  await page.keyboard.type('echo made-in-terminal > from-terminal.txt && cat from-terminal.txt');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('made-in-terminal');
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'from-terminal.txt' })).toBeVisible();
});

test('npm on the offline sandbox says it needs WebContainer', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('run_shell_command', { command: 'npm install' }), text('ok')] });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'install');
  await expect(toolCard(page, 'run_shell_command npm install')).toContainText('WebContainer');
});

test('the offline preview shows the workspace page with its stylesheet, on an opaque origin of its own', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      call('write_file', { file_path: 'index.html', content: '<link rel="stylesheet" href="style.css"><h1>Preview works</h1>' }),
      call('write_file', { file_path: 'style.css', content: 'h1 { color: rgb(200, 0, 0); }' }),
      text('done'),
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'page');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('done');
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Preview' }).click();
  const heading = page.frameLocator('.preview iframe').getByRole('heading', { name: 'Preview works' });
  await expect(heading).toHaveCSS('color', 'rgb(200, 0, 0)');
  // Its response sandboxes it (ui/preview/): the page cannot reach the app's origin.
  expect(await heading.evaluate(() => String(self.origin))).toBe('null');
});

test('Restore on a message puts back every file its tool calls changed', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      call('write_file', { file_path: 'keep.txt', content: 'before\n' }),
      text('Made keep.txt.'),
      call('write_file', { file_path: 'keep.txt', content: 'after\n' }),
      call('write_file', { file_path: 'extra.txt', content: 'new file\n' }),
      text('Changed two files.'),
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'make keep.txt');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Made keep.txt.');
  await sendMessage(page, 'change things');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Changed two files.');

  const second = transcript(page).getByRole('article', { name: 'You' }).filter({ hasText: 'change things' });
  await second.getByRole('button', { name: 'Restore' }).click();
  await expect(transcript(page)).toContainText('Restored 2 file(s)');
  const files = page.getByRole('tree', { name: 'Files' });
  await expect(files.getByRole('treeitem', { name: 'extra.txt' })).toHaveCount(0);
  await files.getByRole('treeitem', { name: 'keep.txt' }).click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('before');
});
