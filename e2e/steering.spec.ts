/**
 * Steering (UI-CONTRACT "Steering, subagents and hooks"): while the agent works, Enter (button
 * Steer) sends a message that joins the run after the current batch's results, before the next
 * request; Alt+Enter (button Queue) keeps it for the run's end. The fake server holds a response
 * (`holdBefore`) so a message is sent while the agent is known to be mid-run.
 */
import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { startFakeOpenAi } from './fake-openai/server.mjs';
import type { FakeOpenAi } from './fake-openai/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, transcript, useGemini } from './fixtures';

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message the agent' });
const you = (page: Page) => transcript(page).getByRole('article', { name: 'You' });
const listThenHold = { chunks: [{ text: 'Looking around.' }, { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }], holdBefore: 1 };
const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });

/** The contents of the `n`th request (0-based) the fake server received. */
function contentsOf(gemini: FakeGemini, n: number): { role: string; parts: Record<string, unknown>[] }[] {
  return (gemini.requests()[n]?.body as { contents: { role: string; parts: Record<string, unknown>[] }[] }).contents;
}

async function steer(page: Page, message: string): Promise<void> {
  await prompt(page).fill(message);
  await prompt(page).press('Enter');
  await expect(prompt(page)).toHaveValue('');
}

for (const [where, query] of [
  ['offline sandbox', 'sandbox=offline'],
  ['default URL', ''],
] as const) {
  test(`${where}: a steering message waits, then joins after the batch's results and before the next request, and stays after a reload`, async ({ page, gemini, pageErrors }) => {
    gemini.setScript({ responses: [listThenHold, text('Done, as you asked.')] });
    await openApp(page, query);
    await useGemini(page, gemini);
    await sendMessage(page, 'look at the files');
    await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Looking around.');

    await expect(page.getByRole('button', { name: 'Steer' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Queue' })).toBeVisible();
    await steer(page, 'only the top level, please');
    const waiting = you(page).filter({ hasText: 'Waiting to steer' });
    await expect(waiting).toHaveText(/only the top level, please/);
    expect(gemini.requests()).toHaveLength(1);

    expect(gemini.release()).toBe(1);
    await expect(statusOf(page, 'list_directory .')).toHaveText('success');
    await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Done, as you asked.');
    await expect(waiting).toHaveCount(0);
    const joined = you(page).filter({ hasText: 'Steering' });
    await expect(joined).toHaveCount(1);
    await expect(joined).toContainText('only the top level, please');

    // The second request: the results, then the steering message, in one user turn after the call.
    expect(gemini.requests()).toHaveLength(2);
    const last = contentsOf(gemini, 1).at(-1)!;
    expect(last.role).toBe('user');
    expect(last.parts.map((part) => ('functionResponse' in part ? 'result' : part['text']))).toEqual(['result', 'only the top level, please']);
    // In the transcript it sits where it joined: after the call's card, before the answer.
    const order = await transcript(page).getByRole('article').evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
    expect(order).toEqual(['You', 'Agent', 'list_directory .', 'You', 'Agent']);

    // The Loop inspector marks it in the request that carried it: the second turn's.
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
    const interaction = page.getByRole('region', { name: 'Loop inspector' }).getByRole('region', { name: 'Interaction 1' });
    const mark = interaction.getByRole('note').filter({ hasText: 'Steering: this request carried “only the top level, please”' });
    await expect(mark).toHaveCount(1);
    await expect(mark).toContainText('joined before this request');

    await page.reload();
    await expect(you(page).filter({ hasText: 'Steering' })).toContainText('only the top level, please');
    await expect(you(page)).toHaveCount(2);
    expect(pageErrors).toEqual([]);
  });

  test(`${where}: Stop gives two waiting steering messages back to the prompt, in order, and sends neither`, async ({ page, gemini }) => {
    gemini.setScript({ responses: [{ hang: true, chunks: [{ text: 'Working on it…' }] }] });
    await openApp(page, query);
    await useGemini(page, gemini);
    await sendMessage(page, 'start');
    await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Working on it');
    await steer(page, 'first correction');
    await steer(page, 'second correction');
    await expect(you(page).filter({ hasText: 'Waiting to steer' })).toHaveCount(2);

    await prompt(page).fill('typed meanwhile');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(prompt(page)).toHaveValue('first correction\n\nsecond correction\n\ntyped meanwhile');
    await expect(you(page).filter({ hasText: 'Waiting to steer' })).toHaveCount(0);
    await expect(you(page).filter({ hasText: 'Steering' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    expect(gemini.requests()).toHaveLength(1);
  });
}

test('steering messages still waiting when the page reloads come back in the prompt, in order, not sent', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ hang: true, chunks: [{ text: 'Working on it…' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'start');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Working on it');
  await steer(page, 'one');
  await steer(page, 'two');
  await expect(you(page).filter({ hasText: 'Waiting to steer' })).toHaveCount(2);
  await page.reload();
  await expect(prompt(page)).toHaveValue('one\n\ntwo');
  await expect(you(page).filter({ hasText: 'Steering' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(1);
});

test('Escape gives waiting steering messages back too', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ hang: true, chunks: [{ text: 'Working on it…' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'start');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Working on it');
  await steer(page, 'one');
  await steer(page, 'two');
  await prompt(page).press('Escape');
  await expect(prompt(page)).toHaveValue('one\n\ntwo');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(1);
});

test('a steer sent at the moment a batch has ended (paused before the next request) joins the next boundary: the reply after it, once', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }] }, text('Listed.'), text('Renamed nothing.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await expect(page.getByText('Model: Gemini', { exact: true })).toBeVisible();
  const step = page.getByRole('checkbox', { name: 'Step through' });
  await step.click();
  await expect(step).toBeChecked();
  const paused = page.getByRole('status').filter({ hasText: 'Paused before' });
  const next = page.getByRole('button', { name: 'Next step' });

  await sendMessage(page, 'list');
  await expect(paused).toHaveText('Paused before the model call: model call 1');
  await next.click();
  await expect(paused).toHaveText('Paused before the tool: list_directory .');
  await next.click();
  // The batch has ended, its results are stored; the next request is about to go.
  await expect(paused).toHaveText('Paused before the model call: model call 2');
  await steer(page, 'and say what you renamed');
  await next.click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Listed.');
  // The reply had no calls: the message starts the next request of the same run.
  await expect(paused).toHaveText('Paused before the model call: model call 3');
  await next.click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Renamed nothing.');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  expect(gemini.requests()).toHaveLength(3);
  const carried = gemini.requests().map((request) => JSON.stringify(request.body).split('and say what you renamed').length - 1);
  expect(carried).toEqual([0, 0, 1]);
  expect(contentsOf(gemini, 2).at(-1)).toEqual({ role: 'user', parts: [{ text: 'and say what you renamed' }] });
  await expect(you(page).filter({ hasText: 'Steering' })).toHaveCount(1);
});

test('a steer sent just as a batch ended and the next request left (held by the server) joins after that reply, once', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [{ chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }] }, { chunks: [{ text: 'Listed.', finishReason: 'STOP' }], holdBefore: 0 }, text('Noted.')],
  });
  await openApp(page, '');
  await useGemini(page, gemini);
  await sendMessage(page, 'list');
  // The batch has ended and its results went out with request 2, which the server holds.
  await expect.poll(() => gemini.held()).toBe(1);
  await steer(page, 'and keep it short');
  gemini.release();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Noted.');
  const carried = gemini.requests().map((request) => JSON.stringify(request.body).split('and keep it short').length - 1);
  expect(carried).toEqual([0, 0, 1]);
  const order = await transcript(page).getByRole('article').evaluateAll((articles) => articles.map((article) => article.getAttribute('aria-label')));
  expect(order).toEqual(['You', 'list_directory .', 'Agent', 'You', 'Agent']);
});

test('Alt+Enter and Queue keep the message for the run\'s end', async ({ page, gemini }) => {
  gemini.setScript({ responses: [{ chunks: [{ text: 'First ' }, { text: 'answer.', finishReason: 'STOP' }], holdBefore: 1 }, text('Second answer.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'first');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('First');
  await prompt(page).fill('second, queued');
  await prompt(page).press('Alt+Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Queued: “second, queued”' })).toBeVisible();
  await expect(you(page).filter({ hasText: 'Waiting to steer' })).toHaveCount(0);
  gemini.release();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Second answer.');
  await expect(you(page)).toHaveText(['first', 'second, queued']);
  expect(gemini.requests()).toHaveLength(2);
});

const openAiTest = test.extend<{ openai: FakeOpenAi }>({
  // eslint-disable-next-line no-empty-pattern
  openai: async ({}, use) => {
    const server = await startFakeOpenAi();
    await use(server);
    await server.close();
  },
});

openAiTest('OpenAI-compatible: a message steered while a call waits for approval follows the tool message, as a user message', async ({ page, openai }) => {
  openai.setScript({
    responses: [
      { chunks: [{ toolCalls: [{ index: 0, id: 'call_w1', name: 'write_file', arguments: '{"file_path": "a.txt", "content": "a\\n"}' }] }] },
      { chunks: [{ text: 'Wrote a.txt; b next time.' }] },
    ],
  });
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('OpenAI-compatible');
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(openai.baseUrl);
  await dialog.getByLabel('OpenAI-compatible API key').fill('sk-e2e-openai');
  await dialog.getByRole('textbox', { name: 'Model' }).fill('qwen2.5-coder');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await sendMessage(page, 'write a.txt');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible();
  await steer(page, 'name the next one b.txt');
  await expect(you(page).filter({ hasText: 'Waiting to steer' })).toHaveCount(1);
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Wrote a.txt; b next time.');
  await expect(you(page).filter({ hasText: 'Steering' })).toContainText('name the next one b.txt');

  const messages = openai.requests()[1]!.body.messages;
  expect(messages.slice(-3).map((message) => message.role)).toEqual(['assistant', 'tool', 'user']);
  expect(messages.at(-1)).toEqual({ role: 'user', content: 'name the next one b.txt' });
});

test('a shared link carries a steering message where it joined, and its replay plays it at the same boundary', async ({ page, gemini, browser }) => {
  gemini.setScript({ responses: [listThenHold, text('Done, as you asked.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'look at the files');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Looking around.');
  await steer(page, 'only the top level, please');
  gemini.release();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Done, as you asked.');
  const order = (target: Page) =>
    transcript(target)
      .getByRole('article')
      .evaluateAll((articles) => articles.map((article) => `${article.getAttribute('aria-label')}${article.textContent?.includes('Steering') ? ' (steering)' : ''}`));
  const expected = ['You', 'Agent', 'list_directory .', 'You (steering)', 'Agent'];
  expect(await order(page)).toEqual(expected);

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const linkBox = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#session=/);
  const link = await linkBox.inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const requestsBefore = gemini.requests().length;

  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await expect(shared).toBeVisible();
  await expect(transcript(reader).getByRole('article', { name: 'Agent' }).last()).toHaveText('Done, as you asked.');
  expect(await order(reader)).toEqual(expected);
  await expect(reader.getByRole('button', { name: 'Steer' })).toHaveCount(0);

  await shared.getByRole('button', { name: 'Replay' }).click();
  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 2 of 2');
  expect(await order(reader)).toEqual(expected);
  expect(gemini.requests()).toHaveLength(requestsBefore);
  await context.close();
});
