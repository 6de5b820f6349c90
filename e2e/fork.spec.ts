/**
 * Fork from here (issue 26, item 1): from a tool card, a new session holding the history through
 * that batch's results and the files right after it, whose Continue sends exactly what the
 * original's next request did; from a person's message, the history and files before it, with
 * the message back in the prompt; each fork titled with its round-trip and linked to its origin.
 */
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
