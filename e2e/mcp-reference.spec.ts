/**
 * MCP against the reference server (issue 41): @modelcontextprotocol/server-everything, pinned,
 * run as a person would (`node dist/index.js streamableHttp`, /mcp on loopback, its own CORS),
 * installed from npm once per machine in beforeAll (e2e/reference-mcp). A scripted Gemini calls
 * its tools; each test has a server of its own. What the page sends is read from the page's
 * requests (the agent worker's fetches), what the server did from what it prints.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page, Request } from '@playwright/test';
import { installReferenceMcp, startReferenceMcp } from './reference-mcp/server.mjs';
import type { ReferenceMcp } from './reference-mcp/server.mjs';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { ms } = await installReferenceMcp();
  console.log(ms === 0 ? 'Reference MCP server: installed by an earlier run.' : `Reference MCP server: npm install took ${(ms / 1000).toFixed(1)} s.`);
});

let reference: ReferenceMcp;
test.beforeEach(async () => {
  reference = await startReferenceMcp();
});
test.afterEach(async () => {
  await reference.stop();
});

const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });
const done = (text: string) => ({ chunks: [{ text, finishReason: 'STOP' }] });

type Body = { tools?: { functionDeclarations?: { name: string }[] }[]; contents: { parts: { functionResponse?: { response: unknown } }[] }[] };
const declared = (gemini: FakeGemini, index: number) => ((gemini.requests()[index]!.body as Body).tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).map((item) => item.name);
const resultsIn = (gemini: FakeGemini, index: number) => (gemini.requests()[index]!.body as Body).contents.at(-1)!.parts.filter((part) => part.functionResponse);

/** The JSON-RPC methods the page POSTs to the reference server, as they leave (the worker's fetches included). */
function watchMethods(page: Page, port: number): string[] {
  const methods: string[] = [];
  const onRequest = (request: Request) => {
    if (request.method() !== 'POST' || !request.url().includes(`:${port}/`)) return;
    try {
      const body = JSON.parse(request.postData() ?? 'null') as { method?: string } | { method?: string }[] | null;
      for (const message of Array.isArray(body) ? body : body ? [body] : []) if (message.method) methods.push(message.method);
    } catch {
      methods.push('(not JSON)');
    }
  };
  page.context().on('request', onRequest);
  return methods;
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

/** Adds a server named "ref" at `url` and presses Connect; leaves the dialog open. */
async function addServer(page: Page, url: string) {
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Add MCP server' }).click();
  await dialog.getByRole('textbox', { name: 'Server name' }).fill('ref');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  return dialog;
}

/** The app (on `query`) on the fake Gemini, the reference server added, connected and saved, every call allowed. */
async function openWithReference(page: Page, gemini: FakeGemini, query?: string) {
  await openApp(page, query);
  await useGemini(page, gemini);
  const dialog = await addServer(page, reference.url);
  await expect(dialog.getByRole('list', { name: 'MCP tools' }).getByRole('listitem')).not.toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
}

/** The WCAG 2.1 A and AA rules axe finds broken inside `selector` (ids, for the failure message). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const lastAgent = (page: Page) => transcript(page).getByRole('article', { name: 'Agent' }).last();

test('Connect lists the tools, a tool that needs MCP tasks with why and never offered, no bullets; a call gets one result and no cancellation follows it (default URL)', async ({ page, gemini, pageErrors }) => {
  gemini.setScript({ responses: [call('ref__echo', { message: 'hello' }), done('It echoed.'), done('Still here.')] });
  const methods = watchMethods(page, reference.port);
  await openApp(page, '');
  await useGemini(page, gemini);
  const dialog = await addServer(page, reference.url);
  const tools = dialog.getByRole('list', { name: 'MCP tools' });
  await expect(tools.getByRole('listitem')).toHaveCount(13);
  await expect(dialog.getByRole('status')).toContainText('13 tools, 1 not offered to the model');
  const research = tools.getByRole('listitem').filter({ hasText: 'ref__simulate-research-query' });
  await expect(research).toContainText('needs MCP tasks');
  await expect(research.getByRole('checkbox')).toBeDisabled();
  await expect(research.getByRole('checkbox')).not.toBeChecked();
  // Its long description and the note wrap under its name; the checkbox sits beside the name.
  const box = (await research.getByRole('checkbox').boundingBox())!;
  const name = (await research.locator('code').boundingBox())!;
  const note = (await research.getByText('needs MCP tasks').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(name.x);
  expect(Math.abs(box.y + box.height / 2 - (name.y + name.height / 2))).toBeLessThan(name.height);
  expect(note.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
  // No bullets: each item's marker is none (an item is a list-item; its marker is what shows).
  expect(await tools.getByRole('listitem').evaluateAll((items) => items.map((item) => getComputedStyle(item).listStyleType))).toEqual(Array(13).fill('none'));
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');

  await sendMessage(page, 'Echo hello');
  await expect(lastAgent(page)).toHaveText('It echoed.');
  await expect(statusOf(page, 'ref__echo {"message":"hello"}')).toHaveText('success');
  await expect(toolCard(page, 'ref__echo {"message":"hello"}')).toContainText('Echo: hello');
  expect(declared(gemini, 0)).toContain('ref__echo');
  expect(declared(gemini, 0)).not.toContain('ref__simulate-research-query');
  expect(resultsIn(gemini, 1)).toHaveLength(1);
  // Another message and its request: anything the finished call would have sent has left by then.
  await sendMessage(page, 'Are you there?');
  await expect(lastAgent(page)).toHaveText('Still here.');
  expect(methods.filter((method) => method === 'tools/call')).toEqual(['tools/call']);
  expect(methods).not.toContain('notifications/cancelled');
  expect(pageErrors).toEqual([]);
});

test('a long-running tool shows its progress on the card and in the Loop inspector\'s timeline, and Stop mid-call cancels it on the server', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('ref__trigger-long-running-operation', { duration: 6, steps: 3 }), done('Finished.'), call('ref__trigger-long-running-operation', { duration: 60, steps: 60 })] });
  const methods = watchMethods(page, reference.port);
  await openWithReference(page, gemini);
  await sendMessage(page, 'Run the long operation');
  const card = toolCard(page, 'ref__trigger-long-running-operation {"duration":6,"steps":3}');
  const bar = card.getByRole('progressbar', { name: /^Progress of ref__trigger-long-running-operation/ });
  await expect(bar).toHaveAttribute('max', '3');
  await expect(card.locator('.tool-progress-text')).toHaveText(/^[12] \/ 3$/);
  await expect(lastAgent(page)).toHaveText('Finished.');
  await expect(statusOf(page, 'ref__trigger-long-running-operation {"duration":6,"steps":3}')).toHaveText('success');
  await expect(bar).toBeHidden();

  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Loop inspector' }).click();
  const timeline = page.getByRole('region', { name: 'Loop inspector' }).getByRole('list', { name: /^Timeline of ref__trigger-long-running-operation/ });
  await expect(timeline.getByRole('listitem').filter({ hasText: '3 / 3' })).toHaveCount(1);
  await expect(timeline.getByRole('listitem').filter({ hasText: '1 / 3' })).toHaveCount(1);

  // Stop while the server is still working: the request is cancelled, once.
  expect(methods).not.toContain('notifications/cancelled');
  await sendMessage(page, 'Run it for a minute');
  const long = toolCard(page, 'ref__trigger-long-running-operation {"duration":60,"steps":60}');
  await expect(long.locator('.tool-progress-text')).toHaveText(/ \/ 60$/);
  expect(await axeViolations(page, '.tool-card.status-executing')).toEqual([]);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(statusOf(page, 'ref__trigger-long-running-operation {"duration":60,"steps":60}')).toHaveText('cancelled');
  await expect.poll(() => methods.filter((method) => method === 'notifications/cancelled')).toHaveLength(1);
});

test('an image in a result shows on the card, size-capped, and goes to the model', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('ref__get-tiny-image', {}), done('A logo.')] });
  await openWithReference(page, gemini, 'sandbox=offline');
  await sendMessage(page, 'Show me the image');
  await expect(lastAgent(page)).toHaveText('A logo.');
  const card = toolCard(page, 'ref__get-tiny-image');
  const image = card.getByRole('img', { name: 'Image from ref__get-tiny-image' });
  await expect(image).toBeVisible();
  expect(await image.evaluate((element: HTMLImageElement) => [element.complete, element.naturalWidth, element.naturalHeight])).toEqual([true, 20, 20]);
  expect(await image.evaluate((element) => getComputedStyle(element).maxHeight)).not.toBe('none');
  await expect(card).toContainText("Here's the image you requested:");
  await expect(card).not.toContainText('image(s)');
  expect(JSON.stringify(resultsIn(gemini, 1))).toContain('image/png');
  // After a reload the card, rebuilt from the stored history, shows it again.
  await page.reload();
  await expect(toolCard(page, 'ref__get-tiny-image').getByRole('img', { name: 'Image from ref__get-tiny-image' })).toBeVisible();
});

test('after the server restarts, the next call opens one new session and succeeds (default URL)', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('ref__echo', { message: 'one' }), done('First.'), call('ref__echo', { message: 'two' }), done('Second.')] });
  await openWithReference(page, gemini, '');
  await sendMessage(page, 'Echo one');
  await expect(lastAgent(page)).toHaveText('First.');
  const before = reference.sessions().length;
  await reference.restart();
  await sendMessage(page, 'Echo two');
  await expect(lastAgent(page)).toHaveText('Second.');
  await expect(statusOf(page, 'ref__echo {"message":"two"}')).toHaveText('success');
  await expect(toolCard(page, 'ref__echo {"message":"two"}')).toContainText('Echo: two');
  expect(reference.sessions()).toHaveLength(before + 1);
});

test('addresses: http://[::1] connects (requested as http://localhost, the CSP naming no IPv6 host); plain http to another computer is refused by name; a web page is said to be one', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(`:${reference.port}/`)) asked.push(request.url());
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await openApp(page, '');
  const dialog = await addServer(page, `http://[::1]:${reference.port}/mcp`);
  await expect(dialog.getByRole('list', { name: 'MCP tools' }).getByRole('listitem')).toHaveCount(13);
  // The setting keeps the address as typed; the page's requests went to localhost, same port and path.
  await expect(dialog.getByRole('textbox', { name: 'Server URL' })).toHaveValue(`http://[::1]:${reference.port}/mcp`);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((url) => url !== `http://localhost:${reference.port}/mcp`)).toEqual([]);
  expect(violations).toEqual([]);

  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(`http://192.168.1.20:${reference.port}/mcp`);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Plain http is allowed only to this computer (localhost, 127.0.0.1, [::1]); use https:// for 192.168.1.20');
  await expect(alert).not.toContainText('CORS');

  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(`http://127.0.0.1:${reference.port}/`);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(alert).toContainText('answered with a web page (HTTP 404), not an MCP server');
  await expect(alert).not.toContainText('<');
});

test('a server turned off in Settings, and the page closed, have their sessions ended (DELETE)', async ({ page, gemini }) => {
  gemini.setScript({ responses: [call('ref__echo', { message: 'x' }), done('Done.'), call('ref__echo', { message: 'y' }), done('Again.')] });
  await openWithReference(page, gemini, 'sandbox=offline');
  await sendMessage(page, 'Echo x');
  await expect(lastAgent(page)).toHaveText('Done.');
  const used = reference.sessions().at(-1)!;
  expect(reference.ended()).not.toContain(used);
  let dialog = await openSettings(page);
  await dialog.getByRole('checkbox', { name: 'Server on' }).uncheck();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => reference.ended()).toContain(used);

  // Turned on again and used; then the page is closed with that session open: it is ended as the page goes.
  dialog = await openSettings(page);
  await dialog.getByRole('checkbox', { name: 'Server on' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await sendMessage(page, 'Echo y');
  await expect(lastAgent(page)).toHaveText('Again.');
  const open = reference.sessions().filter((id) => !reference.ended().includes(id));
  expect(open).toHaveLength(1);
  // Closed as a person closes a tab (Playwright's default close runs no unload handlers).
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => reference.ended()).toContain(open[0]);
});
