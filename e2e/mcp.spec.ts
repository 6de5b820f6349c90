/**
 * MCP servers (issue 25): a real MCP server (the SDK's own, over Streamable HTTP, with CORS:
 * e2e/fake-mcp) added in Settings; a scripted Gemini calls its tools through the scheduler.
 */
import type { Page } from '@playwright/test';
import { startFakeMcp } from './fake-mcp/server.mjs';
import type { FakeMcp } from './fake-mcp/server.mjs';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

let mcp: FakeMcp;
test.beforeEach(async () => {
  mcp = await startFakeMcp();
});
test.afterEach(async () => {
  await mcp.close();
});

const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });
const done = (text: string) => ({ chunks: [{ text, finishReason: 'STOP' }] });

type Body = { tools?: { functionDeclarations?: { name: string }[] }[]; contents: { parts: { functionResponse?: { response: unknown } }[] }[] };
const declared = (gemini: FakeGemini, index: number) => ((gemini.requests()[index]!.body as Body).tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).map((item) => item.name);
const lastResult = (gemini: FakeGemini) => JSON.stringify((gemini.requests().at(-1)!.body as Body).contents.at(-1)?.parts.find((part) => part.functionResponse)?.functionResponse?.response ?? null);

/** Adds the fake server in Settings as "calc" and connects; leaves the dialog open. */
async function addServer(page: Page, url: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Add MCP server' }).click();
  await dialog.getByRole('textbox', { name: 'Server name' }).fill('calc');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  return dialog;
}

/** The app on the fake Gemini, with the fake MCP server added, connected and saved. */
async function openWithServer(page: Page, gemini: FakeGemini) {
  await openApp(page);
  await useGemini(page, gemini);
  const dialog = await addServer(page, mcp.url);
  await expect(dialog.getByRole('list', { name: 'MCP tools' }).getByRole('listitem')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('an MCP server added in Settings: its tools are listed, the model calls one, it asks, the server gets the arguments and the model the result', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [call('calc__add', { a: 2, b: 3 }), done('2 + 3 is 5.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const dialog = await addServer(page, mcp.url);
  const tools = dialog.getByRole('list', { name: 'MCP tools' });
  await expect(tools.getByRole('listitem')).toHaveCount(4);
  await expect(tools).toContainText('calc__add');
  await expect(tools).toContainText('Adds two numbers.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await sendMessage(page, 'Add 2 and 3');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText('calc');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('2 + 3 is 5.');
  expect(mcp.calls()).toEqual([{ tool: 'add', args: { a: 2, b: 3 } }]);
  expect(declared(gemini, 0)).toEqual(expect.arrayContaining(['calc__add', 'calc__lookup']));
  expect(lastResult(gemini)).toContain('The sum is 5.');
  expect(pageErrors).toEqual([]);
});

test('a message sent the moment Settings saves a slow server is answered with its tools declared', async ({ page, gemini }) => {
  await mcp.close();
  mcp = await startFakeMcp({ delayMs: 400 });
  gemini.setScript({ responses: [done('I can add.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const dialog = await addServer(page, mcp.url);
  await expect(dialog.getByRole('list', { name: 'MCP tools' }).getByRole('listitem')).toHaveCount(4);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await sendMessage(page, 'What can you do?');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('I can add.');
  expect(declared(gemini, 0)).toContain('calc__add');
});

test('a tool turned off is no longer declared to the model', async ({ page, gemini }) => {
  gemini.setScript({ responses: [done('ok')] });
  await openApp(page);
  await useGemini(page, gemini);
  const dialog = await addServer(page, mcp.url);
  const lookup = dialog.getByRole('list', { name: 'MCP tools' }).getByRole('checkbox', { name: /calc__lookup/ });
  await expect(lookup).toBeChecked();
  await lookup.uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await sendMessage(page, 'hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('ok');
  expect(declared(gemini, 0)).toContain('calc__add');
  expect(declared(gemini, 0)).not.toContain('calc__lookup');
});

test('a server that stops mid-session gives the call a clear error result, and the loop goes on', async ({ page, gemini }) => {
  gemini.setScript({ responses: [done('Ready.'), call('calc__add', { a: 1, b: 1 }), done('The server is gone.')] });
  await openWithServer(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  // Mid-session: the saved server is connected and its tools offered first (seen once in CI: a
  // server closed before the connection Save starts had finished was never connected at all).
  await sendMessage(page, 'Are you ready?');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Ready.');
  expect(declared(gemini, 0)).toContain('calc__add');
  await mcp.close();
  await sendMessage(page, 'Add 1 and 1');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The server is gone.');
  await expect(statusOf(page, 'calc__add {"a":1,"b":1}')).toHaveText('error');
  await expect(toolCard(page, 'calc__add {"a":1,"b":1}')).toContainText('could not reach the MCP server "calc"');
  expect(lastResult(gemini)).toContain('could not reach');
});

test('a server that does not allow the page\'s origin: Connect says so, CORS and the headers it needs', async ({ page }) => {
  mcp.refuseOrigin();
  await openApp(page);
  const dialog = await addServer(page, mcp.url);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('CORS');
  await expect(alert).toContainText('Mcp-Session-Id');
});

test('in Plan mode a tool that only reads (readOnlyHint) asks and runs, and one that may change things is refused', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('calc__add', { a: 1, b: 2 }), call('calc__lookup', { word: 'plan' }), done('Planned.')] });
  await openWithServer(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Plan (read-only)');
  await sendMessage(page, 'Plan it');
  await expect(statusOf(page, 'calc__add {"a":1,"b":2}')).toHaveText('error');
  await expect(toolCard(page, 'calc__add {"a":1,"b":2}')).toContainText('plan (read-only) mode');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText('lookup');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Planned.');
  expect(mcp.calls()).toEqual([{ tool: 'lookup', args: { word: 'plan' } }]);
  expect(lastResult(gemini)).toContain('PLAN');
});

test('a shared session with an MCP call replays its recorded result in a browser without the server, and the server is not called', async ({ page, gemini, browser }) => {
  gemini.setScript({ responses: [call('calc__add', { a: 20, b: 22 }), done('The answer is 42.')] });
  await openWithServer(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'Add 20 and 22');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('The answer is 42.');
  expect(mcp.calls()).toHaveLength(1);

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).not.toContain(mcp.url.replace(/^http:\/\//, ''));
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Another browser: no settings, so no MCP server at all.
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await shared.getByRole('button', { name: 'Replay' }).click();
  await expect(shared.getByRole('status')).toContainText('Replay finished: round-trip 2 of 2');
  await expect(toolCard(reader, 'calc__add {"a":20,"b":22}').locator('[data-status]')).toHaveText('success');
  await expect(toolCard(reader, 'calc__add {"a":20,"b":22}')).toContainText('The sum is 42.');
  await expect(toolCard(reader, 'calc__add {"a":20,"b":22}')).not.toContainText('Differs from the recording');
  expect(mcp.calls()).toHaveLength(1);
  await context.close();
});
