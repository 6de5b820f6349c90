/**
 * `python3` in the offline sandbox (issue 25): a scripted Gemini writes hello.py and runs it;
 * Pyodide runs in a worker of its own, loaded from the app's own origin. Stop ends a script
 * that never yields.
 */
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';
import { lastToolResult, shellReply, textReply, writeReply } from './scripted-replies';

test('offline, the agent writes hello.py and runs it with python3: the output reaches the model and a file it writes is in the tree', async ({ page, gemini, pageErrors }) => {
  const script = 'import sys, pathlib\nprint("Hello from Pyodide", sys.argv[1])\npathlib.Path("squares.txt").write_text(" ".join(str(n * n) for n in range(5)))\n';
  gemini.setScript({ responses: [writeReply('hello.py', script), shellReply('python3 hello.py class'), textReply('Python ran.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write and run hello.py');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Python ran.', { timeout: 45_000 });
  await expect(statusOf(page, 'run_shell_command python3 hello.py class')).toHaveText('success');
  await expect(toolCard(page, 'run_shell_command python3 hello.py class')).toContainText('Hello from Pyodide class');
  expect(lastToolResult(gemini)).toContain('Hello from Pyodide class');
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'squares.txt' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('Stop ends a Python script that never yields', async ({ page, gemini }) => {
  gemini.setScript({ responses: [shellReply('python3 -c "while True: pass"'), textReply('unused')] });
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Spin');
  await expect(statusOf(page, 'run_shell_command python3 -c "while True: pass"')).toHaveText('executing');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();
  await expect(statusOf(page, 'run_shell_command python3 -c "while True: pass"')).toHaveText('cancelled');
});
