/**
 * Scripts offline that do not end (issue 25): Settings → Command time limit stops them with a
 * message the model reads, and, as after Ctrl+C in a shell, what a script wrote before it was
 * stopped (by the limit or by Stop) stays in the workspace and is stored.
 */
import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';
import { lastToolResult, shellReply, textReply, writeReply } from './scripted-replies';

async function setUp(page: Page, gemini: FakeGemini, timeLimitSeconds: number): Promise<void> {
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const field = dialog.getByRole('spinbutton', { name: 'Command time limit (seconds)' });
  await expect(field).toHaveValue('');
  await field.fill('2');
  await expect(dialog.getByRole('alert')).toContainText('The command time limit must be between 5 and 3,600 seconds.');
  await field.fill(String(timeLimitSeconds));
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
}

async function expectKept(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name })).toBeVisible();
}

test('node in an endless loop is stopped at the command time limit: the model is told, and the file it wrote first is kept', async ({ page, gemini, pageErrors }) => {
  const script = "require('fs').writeFileSync('progress.txt', 'started\\n');\nconsole.log('spinning');\nwhile (true) {}\n";
  gemini.setScript({ responses: [writeReply('spin.js', script), shellReply('node spin.js'), textReply('It was stopped.')] });
  await setUp(page, gemini, 5);
  await sendMessage(page, 'Run spin.js');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('It was stopped.', { timeout: 30_000 });
  await expect(toolCard(page, 'run_shell_command node spin.js')).toContainText('[timed out]');
  expect(lastToolResult(gemini)).toContain('Command timed out after 5 s and was stopped. Output before it stopped:');
  expect(lastToolResult(gemini)).toContain('spinning');
  await expectKept(page, 'progress.txt');
  expect(pageErrors).toEqual([]);
});

test('python3 in an endless loop is stopped at the command time limit, and the file it wrote first is kept', async ({ page, gemini, pageErrors }) => {
  const script = 'import pathlib\npathlib.Path("progress.txt").write_text("started\\n")\nprint("looping", flush=True)\nwhile True:\n    pass\n';
  gemini.setScript({ responses: [writeReply('spin.py', script), shellReply('python3 spin.py'), textReply('Python was stopped.')] });
  // The shortest limit: Pyodide's first load (seconds on a loaded machine) is not counted, so the script still runs and prints.
  await setUp(page, gemini, 5);
  await sendMessage(page, 'Run spin.py');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Python was stopped.', { timeout: 45_000 });
  await expect(toolCard(page, 'run_shell_command python3 spin.py')).toContainText('[timed out]');
  expect(lastToolResult(gemini)).toContain('Command timed out after 5 s and was stopped.');
  expect(lastToolResult(gemini)).toContain('looping');
  await expectKept(page, 'progress.txt');
  expect(pageErrors).toEqual([]);
});

test('Stop ends a node script that never yields and keeps what it wrote', async ({ page, gemini }) => {
  const script = "require('fs').writeFileSync('before-stop.txt', 'x');\nconsole.log('spinning');\nwhile (true) {}\n";
  const spin = 'node spin.js';
  gemini.setScript({ responses: [writeReply('spin.js', script), shellReply(spin), textReply('unused')] });
  await setUp(page, gemini, 120);
  await sendMessage(page, 'Spin');
  await expect(toolCard(page, `run_shell_command ${spin}`)).toContainText('spinning');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(statusOf(page, `run_shell_command ${spin}`)).toHaveText('cancelled');
  await expectKept(page, 'before-stop.txt');
});
