/**
 * OpenTelemetry traces (issue 26, item 4): Export → OpenTelemetry trace… downloads the session as
 * OTLP/JSON; Settings → Send traces to posts each finished interaction to a collector (a local
 * OTLP/HTTP receiver here), and says so clearly when the collector refuses the page's origin.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { startFakeOtlp } from './fake-otlp/server.mjs';
import type { FakeOtlp, OtlpPost } from './fake-otlp/server.mjs';
import { TEST_KEY, expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

const PROMPT = 'What is in the workspace?';
const script = {
  responses: [
    { chunks: [{ functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP', usage: { promptTokenCount: 900, candidatesTokenCount: 12, totalTokenCount: 912 } }] },
    { chunks: [{ text: 'The folder is empty.', finishReason: 'STOP' }] },
  ],
};

interface Span {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}
const spansOf = (body: OtlpPost['body']) => body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)) as Span[];

async function exportTrace(page: Page, includeMessages: boolean): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'OpenTelemetry trace…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export trace' });
  const checkbox = dialog.getByRole('checkbox', { name: 'Include messages' });
  await expect(checkbox).not.toBeChecked();
  if (includeMessages) await checkbox.check();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  await expect(dialog.getByRole('status')).toContainText('1 interaction(s), 4 spans');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test('Export → OpenTelemetry trace… downloads OTLP/JSON spans of the loop, messages only when ticked, never the key', async ({ page, gemini, pageErrors }) => {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, PROMPT);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The folder is empty.');

  const plain = await exportTrace(page, false);
  expect(plain.name).toMatch(/\.otlp\.json$/);
  const spans = spansOf(JSON.parse(plain.text) as OtlpPost['body']);
  expect(spans.map((span) => span.name)).toEqual(['invoke_agent Loopscope', 'chat gemini-2.5-flash', 'chat gemini-2.5-flash', 'execute_tool list_directory']);
  const ids = new Set(spans.map((span) => span.spanId));
  for (const span of spans.slice(1)) expect(ids.has(span.parentSpanId ?? '')).toBe(true);
  const chat = spans[1]!;
  expect(chat.attributes).toEqual(expect.arrayContaining([{ key: 'gen_ai.usage.input_tokens', value: { intValue: 900 } }, { key: 'gen_ai.provider.name', value: { stringValue: 'gcp.gemini' } }]));
  expect(plain.text).not.toContain(PROMPT);
  expect(plain.text).not.toContain(TEST_KEY);

  const full = await exportTrace(page, true);
  expect(full.text).toContain(PROMPT);
  expect(full.text).toContain('The folder is empty.');
  expect(full.text).not.toContain(TEST_KEY);
  expect(pageErrors).toEqual([]);
});

let otlp: FakeOtlp | undefined;
test.afterEach(async () => {
  await otlp?.close();
  otlp = undefined;
});

async function sendTracesTo(page: Page, url: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Send traces to' }).fill(url);
  await dialog.getByLabel('Trace headers').fill('x-project=lesson-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('Send traces to a collector: one POST per finished interaction, each its own trace, with the headers set', async ({ page, gemini }) => {
  otlp = await startFakeOtlp();
  gemini.setScript({ responses: [...script.responses, { chunks: [{ text: 'Still empty.', finishReason: 'STOP' }] }] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendTracesTo(page, otlp.url);
  await sendMessage(page, PROMPT);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The folder is empty.');
  await expect.poll(() => otlp!.posts().length).toBe(1);
  await sendMessage(page, 'And now?');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Still empty.');
  await expect.poll(() => otlp!.posts().length).toBe(2);
  const [first, second] = otlp.posts();
  expect(spansOf(first!.body).map((span) => span.name)).toEqual(['invoke_agent Loopscope', 'chat gemini-2.5-flash', 'chat gemini-2.5-flash', 'execute_tool list_directory']);
  expect(spansOf(second!.body).map((span) => span.name)).toEqual(['invoke_agent Loopscope', 'chat gemini-2.5-flash']);
  expect(spansOf(first!.body)[0]!.traceId).not.toBe(spansOf(second!.body)[0]!.traceId);
  expect(first!.headers['x-project']).toBe('lesson-1');
  expect(JSON.stringify(otlp.posts())).not.toContain(PROMPT);
  expect(JSON.stringify(otlp.posts())).not.toContain(TEST_KEY);
});

test('a collector that refuses the page\'s origin: the notice says CORS and which origin to allow, and the agent goes on', async ({ page, gemini }) => {
  otlp = await startFakeOtlp({ cors: false });
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await sendTracesTo(page, otlp.url);
  await sendMessage(page, PROMPT);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The folder is empty.');
  const origin = new URL(page.url()).origin;
  await expect(page.getByText(/Traces could not be sent to/)).toContainText(`CORS`);
  await expect(page.getByText(/Traces could not be sent to/)).toContainText(`Access-Control-Allow-Origin: ${origin}`);
  await expect(page.getByRole('textbox', { name: 'Message the agent' })).toBeEnabled();
});
