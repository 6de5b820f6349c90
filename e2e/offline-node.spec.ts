/**
 * `node` in the offline sandbox (issue 25): a scripted Gemini writes a script and runs it with
 * run_shell_command; it runs on QuickJS in a worker of its own, and what it writes reaches the
 * tree and storage. Stop ends a script that never yields (its thread is ended).
 */
import type { Page } from '@playwright/test';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';
import { shellReply, textReply, toolResults, writeReply } from './scripted-replies';

async function allowAll(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
}

test('offline, the agent writes hello.js and runs it with node: the output reaches the model, and a file the script writes is in the tree and kept', async ({ page, gemini, pageErrors }) => {
  const script = "const fs = require('fs');\nconsole.log('Hello from QuickJS', process.argv[2]);\nfs.writeFileSync('report.txt', 'written by node\\n');\n";
  gemini.setScript({ responses: [writeReply('hello.js', script), shellReply('node hello.js class'), textReply('It ran.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await allowAll(page);
  await sendMessage(page, 'Write and run hello.js');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('It ran.');
  await expect(statusOf(page, 'run_shell_command node hello.js class')).toHaveText('success');
  await expect(toolCard(page, 'run_shell_command node hello.js class')).toContainText('Hello from QuickJS class');
  expect(toolResults(gemini)[1]).toContain('Hello from QuickJS class');
  expect(toolResults(gemini)[1]).toContain('Exit code: 0');
  const files = page.getByRole('tree', { name: 'Files' });
  await expect(files.getByRole('treeitem', { name: 'report.txt' })).toBeVisible();

  // Stored: after a reload the file is still there.
  await page.reload();
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'report.txt' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('a script\'s output shows on its card while it runs; Stop ends a script that never yields, and the next node runs at once', async ({ page, gemini }) => {
  const spin = `node -e "console.log('spinning'); while (true) {}"`;
  gemini.setScript({ responses: [shellReply(spin), shellReply('node -p "6 * 7"'), textReply('Second run done.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await allowAll(page);
  await sendMessage(page, 'Spin');
  await expect(statusOf(page, `run_shell_command ${spin}`)).toHaveText('executing');
  await expect(toolCard(page, `run_shell_command ${spin}`)).toContainText('spinning');
  await expect(statusOf(page, `run_shell_command ${spin}`)).toHaveText('executing');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(statusOf(page, `run_shell_command ${spin}`)).toHaveText('cancelled');

  await sendMessage(page, 'Again');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Second run done.');
  expect(toolResults(gemini).at(-1)).toContain('42');
});

test('in the Terminal, a script prints as it runs, and Ctrl+C ends one that never yields', async ({ page }) => {
  await openApp(page);
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByRole('region', { name: 'Terminal' });
  await terminal.locator('.xterm').click();
  await page.keyboard.type(`node -e "console.log('ticking'); while (true) {}"`);
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('ticking');
  await page.keyboard.press('Control+C');
  await expect(terminal.locator('.xterm-rows')).toContainText('^C');
  await page.keyboard.type('node -p "6 * 7"');
  await page.keyboard.press('Enter');
  await expect(terminal.locator('.xterm-rows')).toContainText('42');
});
