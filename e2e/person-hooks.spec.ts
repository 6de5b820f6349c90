/**
 * Hooks a person defines (Settings → Hooks), on the offline sandbox and on the default URL
 * (WebContainer tried first, then the fallback): the After each edit command's output reaches
 * the model with the edit's result and shows on the card; a failing Before stopping command makes
 * the model go on, at most 3 times in a row; the Loop inspector shows each run with its time and
 * exit code; a shared link carries no command, and its replay runs no hook.
 */
import type { Page } from '@playwright/test';
import { decodeLink } from '../src/share/codec';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

type Body = { contents: { role: string; parts: { text?: string; functionResponse?: { response: unknown } }[] }[] };

const writeFile = (path: string, content: string) => ({ chunks: [{ functionCalls: [{ name: 'write_file', args: { file_path: path, content } }], finishReason: 'STOP' }] });
const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });

async function setHooks(page: Page, afterEdit: string, beforeStop: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const hooks = dialog.getByRole('region', { name: 'Hooks' });
  await hooks.getByRole('textbox', { name: 'After each edit run' }).fill(afterEdit);
  await hooks.getByRole('textbox', { name: 'Before stopping run' }).fill(beforeStop);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const lastUserText = (body: unknown) =>
  (body as Body).contents
    .at(-1)!
    .parts.map((part) => part.text ?? '')
    .join('');

test('offline: the after-edit output goes with the edit result, and a failing before-stop check makes the model go on at most 3 times', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeFile('a.txt', 'alpha'), text('Done.'), text('Still done.'), text('Really done.'), text('Done, again.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await setHooks(page, 'echo "checked $(cat a.txt)"', 'echo "2 tests failed"; exit 1');
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'write a');

  await expect(transcript(page).getByText(/The model already went on as often as it may in a row/)).toBeVisible();
  expect(gemini.requests()).toHaveLength(5); // the call, its result, then 3 continuations and no more
  const requests = gemini.requests();
  expect(JSON.stringify((requests[1]!.body as Body).contents.at(-1)!.parts[0]!.functionResponse!.response)).toMatch(
    /After each edit run, a command the person set to run after each edit: exit code 0\]\\nchecked alpha/,
  );
  for (const request of requests.slice(2)) expect(lastUserText(request.body)).toContain('2 tests failed');
  await expect(transcript(page).getByText(/Its output was sent to the model, which goes on/)).toHaveCount(3);

  // The card shows the run, its output folded.
  await expect(statusOf(page, 'write_file a.txt')).toHaveText('success');
  const card = toolCard(page, 'write_file a.txt');
  await card.getByText(/^Hook "After each edit run": exit code 0, \d+ (ms|s)$/).click();
  await expect(card.getByLabel('Hook output')).toHaveText('checked alpha');

  // The Loop inspector: each run, with its time and exit code.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const inspector = page.getByRole('region', { name: 'Loop inspector' });
  await expect(inspector.getByRole('note').filter({ hasText: /^Hook "After each edit run": exit code 0, \d+ m?s · / })).toHaveCount(1);
  await expect(inspector.getByRole('note').filter({ hasText: /^Hook "Before stopping run": exit code 1, \d+ m?s · / })).toHaveCount(4);
});

test('default URL: the hooks and the cards’ hook runs are kept after a reload, and a before-stop check that passes once the model fixed things lets the run end', async ({ page, gemini }) => {
  gemini.setScript({ responses: [writeFile('a.txt', 'alpha'), text('Done.'), writeFile('fixed.txt', 'yes'), text('Done now.')] });
  await openApp(page, '');
  await useGemini(page, gemini);
  const check = 'if [ -f fixed.txt ]; then echo checks pass; else echo "fixed.txt is missing"; exit 1; fi';
  await setHooks(page, 'echo "checked $(cat a.txt)"', check);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Auto-accept edits');
  await sendMessage(page, 'write a');

  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toContainText('Done now.');
  await expect(transcript(page).getByText(/^Hook "Before stopping run": exit code 0/)).toBeVisible();
  expect(gemini.requests()).toHaveLength(4);
  expect(lastUserText(gemini.requests()[2]!.body)).toContain('fixed.txt is missing');
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'fixed.txt' })).toBeVisible();

  // Saved like any setting: there after a reload; and the edit's card still shows its hook run.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /Offline sandbox|WebContainer/ })).toBeVisible();
  await expect(toolCard(page, 'write_file a.txt').getByText(/^Hook "After each edit run": exit code 0, \d+ (ms|s)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  const hooks = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Hooks' });
  await expect(hooks.getByRole('textbox', { name: 'After each edit run' })).toHaveValue('echo "checked $(cat a.txt)"');
  await expect(hooks.getByRole('textbox', { name: 'Before stopping run' })).toHaveValue(check);
});

test('a shared link carries neither hook command, and its replay runs neither the sender’s hooks nor the reader’s', async ({ page, gemini, browser }) => {
  gemini.setScript({ responses: [writeFile('a.txt', 'alpha'), text('Done.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const senderAfterEdit = 'echo "checked $(cat a.txt)"';
  const senderBeforeStop = 'echo sender-stop-check';
  await setHooks(page, senderAfterEdit, senderBeforeStop);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'write a');
  await expect(transcript(page).getByText(/^Hook "Before stopping run": exit code 0/)).toBeVisible();

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  const document = JSON.stringify(decodeLink(new URL(link).hash));
  for (const absent of [senderAfterEdit, senderBeforeStop, 'sender-stop-check', 'hook_run']) expect(document).not.toContain(absent);
  await dialog.getByRole('button', { name: 'Close' }).click();
  const requestsBefore = gemini.requests().length;

  // The reader has hooks of their own; the replay runs none of them, nor the sender's.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('list', { name: 'Sessions' }).getByText('Shared: write a')).toBeVisible();
  await setHooks(reader, 'echo reader > reader-hook.txt', 'echo reader-stop; exit 1');
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await shared.getByRole('button', { name: 'Replay' }).click();
  await reader.getByRole('region', { name: 'Approval required' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 2 of 2');
  await expect(transcript(reader).getByText(/^Hook "/)).toHaveCount(0);
  await expect(reader.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'a.txt' })).toBeVisible();
  await expect(reader.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'reader-hook.txt' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(requestsBefore);
  await context.close();
});
