/**
 * The OpenAI-compatible provider in the built app, against the fake OpenAI-compatible server:
 * Settings picks it, a write_file call whose arguments arrive in pieces (next to a parallel
 * read-only call) asks for approval, writes the file, and the next request answers each call in
 * a `tool` message under the id the server gave it. Failures show the same clear alerts as Gemini's.
 */
import { test as base, expect, openApp, sendMessage, statusOf, transcript } from './fixtures';
import type { Page } from '@playwright/test';
import { startFakeOpenAi } from './fake-openai/server.mjs';
import type { FakeOpenAi } from './fake-openai/server.mjs';

const KEY = 'sk-e2e-openai';

const test = base.extend<{ openai: FakeOpenAi }>({
  // eslint-disable-next-line no-empty-pattern
  openai: async ({}, use) => {
    const server = await startFakeOpenAi();
    await use(server);
    await server.close();
  },
});

async function useOpenAi(page: Page, openai: FakeOpenAi, key = KEY): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('OpenAI-compatible');
  // The preset fills the field; then it is pointed at the fake.
  await dialog.getByRole('group', { name: 'Server presets' }).getByRole('button', { name: 'LM Studio' }).click();
  await expect(dialog.getByRole('textbox', { name: 'API base URL' })).toHaveValue('http://localhost:1234/v1');
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(openai.baseUrl);
  await dialog.getByLabel('OpenAI-compatible API key').fill(key);
  await dialog.getByRole('textbox', { name: 'Model' }).fill('qwen2.5-coder');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('OpenAI-compatible: a call in pieces asks, writes the file, and its tool message carries the call id', async ({ page, openai, pageErrors }) => {
  openai.setScript({
    responses: [
      {
        chunks: [
          { text: 'Writing it.' },
          { toolCalls: [{ index: 0, id: 'call_w1', name: 'write_file', arguments: '{"file_path": "hello.txt", "con' }] },
          { toolCalls: [{ index: 1, id: 'call_l2', name: 'list_directory', arguments: '{"dir_path": "."}' }] },
          { toolCalls: [{ index: 0, arguments: 'tent": "Hello from a local model\\n"}' }] },
        ],
        usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 },
      },
      { chunks: [{ text: 'Created hello.txt.' }] },
    ],
  });
  await openApp(page);
  await useOpenAi(page, openai);
  await sendMessage(page, 'Create hello.txt');

  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toBeVisible();
  await expect(approval).toContainText('Hello from a local model');
  await approval.getByRole('button', { name: 'Allow once' }).click();

  await expect(statusOf(page, 'write_file hello.txt')).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Created hello.txt.');
  await expect(page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'hello.txt' })).toBeVisible();

  const requests = openai.requests();
  expect(requests).toHaveLength(2);
  expect(requests.every((request) => request.apiKey === KEY && request.path === '/v1/chat/completions')).toBe(true);
  expect(requests[0]!.body).toMatchObject({ model: 'qwen2.5-coder', stream: true, stream_options: { include_usage: true } });
  expect(requests[0]!.body.tools?.map((tool) => tool.function.name)).toContain('write_file');
  const messages = requests[1]!.body.messages;
  const assistant = messages.find((message) => message.tool_calls);
  expect(assistant?.tool_calls?.map((call) => call.id)).toEqual(['call_w1', 'call_l2']);
  expect(messages.filter((message) => message.role === 'tool').map((message) => message.tool_call_id)).toEqual(['call_w1', 'call_l2']);
  expect(pageErrors).toEqual([]);
});

test('OpenAI-compatible: a refused key and a server that answers with a web page give clear alerts', async ({ page, openai }) => {
  openai.setScript({
    responses: [
      { status: 401, body: { error: { message: `Incorrect API key provided: wrong-key`, type: 'invalid_request_error', code: 'invalid_api_key' } } },
      { html: '<!doctype html><html><body>Welcome to my site</body></html>' },
    ],
  });
  await openApp(page);
  await useOpenAi(page, openai, 'wrong-key');

  await sendMessage(page, 'hello');
  const alert = transcript(page).getByRole('alert').last();
  await expect(alert).toContainText(/API key/i);
  await expect(alert).not.toContainText('wrong-key');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeHidden();

  await sendMessage(page, 'hello again');
  await expect(transcript(page).getByRole('alert').last()).toContainText('did not answer like an OpenAI-compatible API');
  await expect(transcript(page).getByRole('alert').last()).not.toContainText('Welcome to my site');
  expect(openai.requests()).toHaveLength(2);
});
