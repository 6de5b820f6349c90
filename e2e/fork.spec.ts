/**
 * Fork from here (issue 26, item 1): from a tool card, a new session holding the history through
 * that batch's results and the files right after it, whose Continue sends exactly what the
 * original's next request did; from a person's message, the history and files before it, with
 * the message back in the prompt; each fork titled with its round-trip and linked to its origin.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openApp, sendMessage, test, toolCard, transcript, useGemini } from './fixtures';

const write = (file_path: string, content: string) => ({ name: 'write_file', args: { file_path, content } });
const script = {
  responses: [
    { chunks: [{ functionCalls: [write('a.txt', 'one\n')], finishReason: 'STOP' }] },
    { chunks: [{ functionCalls: [write('a.txt', 'two\n'), write('b.txt', 'bee\n')], finishReason: 'STOP' }] },
    { chunks: [{ text: 'Wrote both.', finishReason: 'STOP' }] },
    { chunks: [{ text: 'Answered from the fork.', finishReason: 'STOP' }] },
  ],
};

const files = (page: Page) => page.getByRole('tree', { name: 'Files' });
const sessions = (page: Page) => page.getByRole('list', { name: 'Sessions' });
type Body = { contents: unknown[] };

async function record(page: Page, gemini: Parameters<typeof useGemini>[1]) {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Write the files');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote both.');
  await expect(files(page).getByRole('treeitem', { name: 'b.txt' })).toBeVisible();
}

test('Fork from here on a tool card: the files right after its batch, linked to its origin, and Continue sends what the original sent next', async ({ page, gemini, pageErrors }) => {
  await record(page, gemini);
  await toolCard(page, 'write_file a.txt').first().getByRole('button', { name: 'Fork from here' }).click();

  await expect(sessions(page).getByText('Write the files (fork at round-trip 1)')).toBeVisible();
  await expect(transcript(page).getByRole('article', { name: 'You' })).toHaveCount(1);
  await expect(transcript(page).getByRole('article', { name: 'You' })).toContainText('Write the files');
  await expect(transcript(page).getByRole('article', { name: 'write_file a.txt' })).toHaveCount(1);
  await expect(files(page).getByRole('treeitem', { name: 'a.txt' })).toBeVisible();
  await expect(files(page).getByRole('treeitem', { name: 'b.txt' })).toHaveCount(0);
  await expect(page.getByText('Forked from')).toContainText('at round-trip 1');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Answered from the fork.');
  const requests = gemini.requests();
  expect((requests.at(-1)!.body as Body).contents).toEqual((requests[1]!.body as Body).contents);

  // The link goes back to where the fork came from.
  await page.getByText('Forked from').getByRole('button', { name: 'Write the files' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote both.');
  await expect(files(page).getByRole('treeitem', { name: 'b.txt' })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('Fork from here on a message: the history and files before it, and its text back in the prompt to edit', async ({ page, gemini }) => {
  await record(page, gemini);
  await transcript(page).getByRole('article', { name: 'You' }).getByRole('button', { name: 'Fork from here' }).click();
  await expect(sessions(page).getByText('Write the files (fork at round-trip 1)')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('Write the files');
  await expect(transcript(page).getByRole('article')).toHaveCount(0);
  await expect(files(page).getByRole('treeitem')).toHaveCount(0);
});

test('Edit result and fork: the next request carries the edited result, the card says edited, the Loop inspector shows both', async ({ page, gemini }) => {
  await record(page, gemini);
  await toolCard(page, 'write_file a.txt').first().getByRole('button', { name: 'Edit result and fork' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit tool result' });
  const result = dialog.getByRole('textbox', { name: 'Result' });
  await expect(result).not.toHaveValue('');
  const original = await result.inputValue();
  await result.fill('The disk is full; nothing was written.');
  await dialog.getByRole('button', { name: 'Fork' }).click();
  await expect(dialog).toBeHidden();
  await expect(sessions(page).getByText('Write the files (fork at round-trip 1)')).toBeVisible();
  await expect(toolCard(page, 'write_file a.txt')).toContainText('edited');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Answered from the fork.');
  type Contents = { contents: { parts: { functionResponse?: { response: unknown } }[] }[] };
  const sent = (gemini.requests().at(-1)!.body as Contents).contents.at(-1)!.parts[0]!.functionResponse!.response;
  expect(sent).toEqual({ output: 'The disk is full; nothing was written.' });

  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const changed = page.getByRole('region', { name: 'Changed in this fork' });
  await expect(changed.getByLabel('Original')).toHaveText(original);
  await expect(changed.getByLabel('Edited')).toHaveText('The disk is full; nothing was written.');
});

test('Edit reply and fork with changed call arguments: the edited call is what runs, after approval', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      { chunks: [{ text: 'I will write a.txt.' }, { functionCalls: [write('a.txt', 'one\n')], finishReason: 'STOP' }] },
      { chunks: [{ text: 'Done.', finishReason: 'STOP' }] },
      { chunks: [{ text: 'Wrote the edited file.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Write a file');
  await page.getByRole('region', { name: 'Approval required' }).getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText(/Done\./);

  await transcript(page).getByRole('article', { name: 'Agent' }).first().getByRole('button', { name: 'Edit reply and fork' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit reply' });
  const reply = dialog.getByRole('textbox', { name: 'Reply' });
  const edited = JSON.parse(await reply.inputValue()) as { text: string; calls: { name: string; args: Record<string, unknown> }[] };
  expect(edited).toEqual({ text: 'I will write a.txt.', calls: [{ name: 'write_file', args: { file_path: 'a.txt', content: 'one\n' } }] });
  edited.calls[0]!.args = { file_path: 'z.txt', content: 'zed\n' };
  await reply.fill('{ not json');
  await dialog.getByRole('button', { name: 'Fork' }).click();
  await expect(dialog.getByRole('alert')).toContainText('not valid JSON');
  await reply.fill(JSON.stringify(edited));
  await dialog.getByRole('button', { name: 'Fork' }).click();
  await expect(dialog).toBeHidden();

  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText('z.txt');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote the edited file.');
  await expect(files(page).getByRole('treeitem', { name: 'z.txt' })).toBeVisible();
  await expect(files(page).getByRole('treeitem', { name: 'a.txt' })).toHaveCount(0);
  await expect(sessions(page).getByText('Write a file (fork at round-trip 1)')).toBeVisible();
});

test('a fork of a recorded lesson offers Replay from here: what the recording did next plays, asking first', async ({ page }) => {
  // The recording's last reply (rendered as Markdown, so a phrase of it).
  const lesson = JSON.parse(readFileSync(new URL('../src/share/lessons/fix-bug.loopscope.json', import.meta.url), 'utf8')) as { history: { parts: { text?: string }[] }[] };
  const last = lesson.history.at(-1)!.parts.map((part) => part.text ?? '').join('');
  const phrase = 'the script now reports 3 people';
  expect(last).toContain(phrase);
  await openApp(page);
  await page.getByRole('combobox', { name: 'Recorded lesson' }).selectOption('Fix a bug with an edit');
  await page.getByRole('button', { name: 'Open recording' }).click();
  const shared = page.getByRole('region', { name: 'Shared session' });
  await shared.getByRole('button', { name: 'Replay' }).click();
  const approval = page.getByRole('region', { name: 'Approval required' });
  const finished = shared.getByRole('status').filter({ hasText: 'Replay finished' });
  while (!(await finished.isVisible())) {
    await expect(approval.or(finished)).toBeVisible();
    if (await approval.isVisible()) await approval.getByRole('button', { name: 'Allow once' }).click({ timeout: 2_000 }).catch(() => undefined);
  }

  await transcript(page).locator('article.tool-card').first().getByRole('button', { name: 'Fork from here' }).click();
  await expect(sessions(page).getByText(/\(fork at round-trip 1\)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await page.getByRole('button', { name: 'Replay from here' }).click();
  const controls = page.getByRole('toolbar', { name: 'Replay controls' });
  await expect(controls).toBeVisible();
  await expect(approval).toBeVisible(); // the recording's next write asks first
  const ended = transcript(page).getByRole('article', { name: 'Agent' }).filter({ hasText: phrase });
  for (let step = 0; step < 10 && (await ended.count()) === 0; step++) {
    await expect(approval.or(ended)).toBeVisible();
    if (await approval.isVisible()) await approval.getByRole('button', { name: 'Allow once' }).click({ timeout: 2_000 }).catch(() => undefined);
  }
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toContainText(phrase);
  await expect(controls).toHaveCount(0);
});

test('Fork from here on the second of two messages with the same words starts right before the one clicked, live and after a reload (default URL)', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'One.', finishReason: 'STOP' }] }, { chunks: [{ text: 'Two.', finishReason: 'STOP' }] }] });
  await openApp(page, '');
  await useGemini(page, gemini);
  await sendMessage(page, 'Again');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('One.');
  await sendMessage(page, 'Again');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Two.');
  const title = 'Again (fork at round-trip 2)';

  // Live: the second message, named by its entry, not by its words.
  await transcript(page).getByRole('article', { name: 'You' }).nth(1).getByRole('button', { name: 'Fork from here' }).click();
  await expect(sessions(page).getByText(title)).toBeVisible();
  await expect(transcript(page).getByRole('article')).toHaveText(['Again', 'One.']);
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toHaveValue('Again');

  // After a reload, from the stored history: the first one.
  await sessions(page).getByRole('button', { name: 'Again', exact: true }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Two.');
  await page.reload();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Two.');
  await transcript(page).getByRole('article', { name: 'You' }).first().getByRole('button', { name: 'Fork from here' }).click();
  await expect(sessions(page).getByText('Again (fork at round-trip 1)')).toBeVisible();
  await expect(transcript(page).getByRole('article')).toHaveCount(0);
});
