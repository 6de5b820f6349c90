/**
 * Cost per step: Settings → Model's prices per million tokens, the Loop inspector's Cost of each
 * round-trip (with its fixed prefix), of each interaction and of the session, counted from the
 * usage the (fake) Gemini server reports; the prices travel in a share link and in a trace.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { decodeLink } from '../src/share/codec';
import { TEST_KEY, expect, openApp, sendMessage, test, transcript, useGemini } from './fixtures';

// Round-trip 1: 20,000 prompt tokens, 100 answer and 300 thinking; round-trip 2: 30,000 and 40.
const script = {
  responses: [
    {
      chunks: [
        { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP', usage: { promptTokenCount: 20_000, candidatesTokenCount: 100, thoughtsTokenCount: 300, totalTokenCount: 20_400 } },
      ],
    },
    { chunks: [{ text: 'The folder is empty.', finishReason: 'STOP', usage: { promptTokenCount: 30_000, candidatesTokenCount: 40, totalTokenCount: 30_040 } }] },
  ],
};

async function setPrices(page: Page, input: string, output: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'Price per million input tokens' }).fill(input);
  await dialog.getByRole('textbox', { name: 'Price per million output tokens' }).fill(output);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function runScript(page: Page): Promise<void> {
  await sendMessage(page, 'What is in the workspace?');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The folder is empty.');
}

function openInspector(page: Page) {
  return page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
}

const inspectorOf = (page: Page) => page.getByRole('region', { name: 'Loop inspector' });

test('the Loop inspector counts each round-trip, interaction and the session at the prices of Settings → Model (default URL)', async ({ page, gemini }) => {
  gemini.setScript(script);
  await openApp(page, '');
  await useGemini(page, gemini);

  // gemini-2.5-flash starts at Loopscope's defaults, editable.
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('textbox', { name: 'Price per million input tokens' })).toHaveValue('0.3');
  await expect(dialog.getByRole('textbox', { name: 'Price per million output tokens' })).toHaveValue('2.5');
  // A price that is not a number is named, and Save waits for a good one.
  await dialog.getByRole('textbox', { name: 'Price per million input tokens' }).fill('one dollar');
  await expect(dialog.getByRole('alert')).toContainText('Price per million input tokens of gemini-2.5-flash is not a number of dollars');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await setPrices(page, '1', '10');
  await runScript(page);
  await openInspector(page);
  const inspector = inspectorOf(page);
  const interaction = inspector.getByRole('region', { name: 'Interaction 1' });
  // 20,000 × $1 + 400 × $10 per million; 30,000 × $1 + 40 × $10 per million.
  await expect(interaction.getByText('Cost $0.024 (input $0.02, output $0.004)')).toBeVisible();
  await expect(interaction.getByText('Cost $0.0304 (input $0.03, output $0.0004)')).toBeVisible();
  await expect(interaction.getByText(/^Fixed prefix ≈ [\d,]+ of 20,000 prompt tokens \(\d+%, ≈ \$[\d.]+\): system instruction and tool declarations$/)).toBeVisible();
  await expect(interaction.getByText('Interaction cost $0.0544 · 50,000 input tokens, 440 output')).toBeVisible();
  await expect(inspector.getByText('Session cost $0.0544 · 50,000 input tokens, 440 output · at the prices of Settings → Model')).toBeVisible();

  // A new price counts at once.
  await setPrices(page, '2', '10');
  await expect(interaction.getByText('Cost $0.044 (input $0.04, output $0.004)')).toBeVisible();
  await expect(inspector.getByText(/^Session cost \$0\.104 · /)).toBeVisible();
});

test('a share link carries the prices used, and its reader sees the sender’s costs; a trace carries them too (offline sandbox)', async ({ page, gemini, browser }) => {
  gemini.setScript(script);
  await openApp(page);
  await useGemini(page, gemini);
  await setPrices(page, '1', '10');
  await runScript(page);

  // The trace: each chat span's cost in dollars, with the prices counted at.
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'OpenTelemetry trace…' }).click();
  const traceDialog = page.getByRole('dialog', { name: 'Export trace' });
  const downloading = page.waitForEvent('download');
  await traceDialog.getByRole('button', { name: 'Download' }).click();
  const trace = JSON.parse(await readFile(await (await downloading).path(), 'utf8')) as { resourceSpans: { scopeSpans: { spans: { name: string; attributes: { key: string; value: { doubleValue?: number; intValue?: number } }[] }[] }[] }[] };
  await traceDialog.getByRole('button', { name: 'Close' }).click();
  const spans = trace.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans));
  const number = (span: (typeof spans)[number] | undefined, key: string) => {
    const value = span?.attributes.find((entry) => entry.key === key)?.value;
    return value?.doubleValue ?? Number(value?.intValue);
  };
  const chats = spans.filter((span) => span.name === 'chat gemini-2.5-flash');
  expect(number(chats[0], 'llm.cost.total')).toBeCloseTo(0.024, 12);
  expect(number(chats[1], 'llm.cost.total')).toBeCloseTo(0.0304, 12);
  expect(number(chats[0], 'loopscope.price.input_per_million')).toBe(1);
  expect(number(spans.find((span) => span.name === 'invoke_agent Loopscope'), 'llm.cost.total')).toBeCloseTo(0.0544, 12);

  // The link: the prices of the models it used, never the key.
  await page.getByRole('button', { name: 'Share' }).click();
  const shareDialog = page.getByRole('dialog', { name: 'Share session' });
  const linkBox = shareDialog.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#session=/);
  const link = await linkBox.inputValue();
  await shareDialog.getByRole('button', { name: 'Close' }).click();
  const decoded = decodeLink(new URL(link).hash);
  expect(decoded.ok && decoded.value.prices).toEqual({ 'gemini-2.5-flash': { input: 1, output: 10, cachedInput: 0.03 } });
  expect(link).not.toContain(TEST_KEY);

  // Another browser, at its own (default) prices: the shared session is counted at the sender's.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('list', { name: 'Sessions' }).getByText('Shared: What is in the workspace?')).toBeVisible();
  await openInspector(reader);
  const inspector = inspectorOf(reader);
  await expect(inspector.getByText('Cost $0.024 (input $0.02, output $0.004)')).toBeVisible();
  await expect(inspector.getByText('Session cost $0.0544 · 50,000 input tokens, 440 output · at the prices it was shared with')).toBeVisible();
  await context.close();
});
