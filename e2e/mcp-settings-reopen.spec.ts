/**
 * A reopened Settings shows what was saved (issue 36): an MCP server's tools, as the last
 * Connect listed them, are listed with their checkboxes when Settings is opened again (after a
 * reload too), so a tool is turned off without connecting again, and Save makes the model stop
 * seeing it. A later Connect replaces the list. On the default URL (no query string).
 */
import type { Page } from '@playwright/test';
import { startFakeMcp } from './fake-mcp/server.mjs';
import type { FakeMcp } from './fake-mcp/server.mjs';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { decodeLink } from '../src/share/codec';
import { expect, sendMessage, test, transcript, useGemini } from './fixtures';

const servers: FakeMcp[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});
async function fakeMcp(): Promise<FakeMcp> {
  const server = await startFakeMcp();
  servers.push(server);
  return server;
}

type Body = { tools?: { functionDeclarations?: { name: string }[] }[] };
const declared = (gemini: FakeGemini, index: number) => ((gemini.requests()[index]!.body as Body).tools ?? []).flatMap((tool) => tool.functionDeclarations ?? []).map((item) => item.name);

async function openDefault(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: /Offline sandbox|WebContainer/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  return page.getByRole('dialog', { name: 'Settings' });
}

async function save(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const toolsOf = (page: Page) => page.getByRole('dialog', { name: 'Settings' }).getByRole('list', { name: 'MCP tools' });

test("a saved server's tools are listed when Settings opens again, after a reload too; one turned off then is no longer offered to the model", async ({ page, gemini, pageErrors }) => {
  const mcp = await fakeMcp();
  gemini.setScript({ responses: [{ chunks: [{ text: 'ok', finishReason: 'STOP' }] }] });
  await openDefault(page);
  await useGemini(page, gemini, { remember: true });
  let dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Add MCP server' }).click();
  await expect(dialog.getByText('Not connected yet: Connect lists its tools.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Server name' }).fill('calc');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(mcp.url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toolsOf(page).getByRole('listitem')).toHaveCount(4);
  await save(page);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
  dialog = await openSettings(page);
  const tools = toolsOf(page);
  await expect(tools.getByRole('listitem')).toHaveCount(4);
  await expect(tools).toContainText('Adds two numbers.');
  await expect(dialog.getByText('Not connected yet')).toHaveCount(0);
  for (const name of ['calc__add', 'calc__lookup', 'calc__report', 'calc__broken']) await expect(tools.getByRole('checkbox', { name: new RegExp(`^${name}\\b`) })).toBeChecked();
  const lookup = tools.getByRole('checkbox', { name: /^calc__lookup\b/ });
  await lookup.click();
  expect(await lookup.isChecked()).toBe(false);
  await save(page);

  await sendMessage(page, 'hello');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('ok');
  expect(declared(gemini, 0)).toContain('calc__add');
  expect(declared(gemini, 0)).not.toContain('calc__lookup');

  dialog = await openSettings(page);
  await expect(toolsOf(page).getByRole('checkbox', { name: /^calc__lookup\b/ })).not.toBeChecked();
  await expect(toolsOf(page).getByRole('checkbox', { name: /^calc__add\b/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Servers, and so their listed tools, are never in a link.
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share session' });
  const link = await share.getByRole('textbox', { name: 'Share link' }).inputValue();
  const decoded = decodeLink(new URL(link).hash);
  expect(decoded.ok).toBe(true);
  const shared = JSON.stringify(decoded.ok ? decoded.value : null);
  for (const absent of ['disabledTools', 'mcpServers', 'Looks a word up.', new URL(mcp.url).host]) expect(shared).not.toContain(absent);
  expect(pageErrors).toEqual([]);
});

test('a later Connect replaces the listed tools: one the server no longer has is no longer listed, one it added is', async ({ page }) => {
  const first = await fakeMcp();
  first.addTool('echo');
  const second = await fakeMcp();
  await openDefault(page);
  let dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Add MCP server' }).click();
  await dialog.getByRole('textbox', { name: 'Server name' }).fill('calc');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(first.url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toolsOf(page).getByRole('listitem')).toHaveCount(5);
  await expect(toolsOf(page)).toContainText('calc__echo');
  await save(page);

  dialog = await openSettings(page);
  await expect(toolsOf(page).getByRole('listitem')).toHaveCount(5);
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(second.url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Connected: 4 tools.' })).toBeVisible();
  await expect(toolsOf(page).getByRole('listitem')).toHaveCount(4);
  await expect(toolsOf(page)).not.toContainText('calc__echo');
  await save(page);

  await openSettings(page);
  await expect(toolsOf(page).getByRole('listitem')).toHaveCount(4);
  await expect(toolsOf(page)).not.toContainText('calc__echo');
});

test("the MCP tools list has no bullets, and a long description wraps under the tool's name with the checkbox beside the name", async ({ page }) => {
  const mcp = await fakeMcp();
  const long = 'Echoes the text it is given, word for word, after checking that it is not empty, is shorter than a megabyte and holds no control characters.';
  mcp.addTool('echo', long);
  await openDefault(page);
  const dialog = await openSettings(page);
  await dialog.getByRole('button', { name: 'Add MCP server' }).click();
  await dialog.getByRole('textbox', { name: 'Server name' }).fill('calc');
  await dialog.getByRole('textbox', { name: 'Server URL' }).fill(mcp.url);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  const item = toolsOf(page).getByRole('listitem').filter({ hasText: 'calc__echo' });
  await expect(item).toBeVisible();
  expect(await toolsOf(page).evaluate((list) => getComputedStyle(list).listStyleType)).toBe('none');
  expect(await item.evaluate((li) => getComputedStyle(li).listStyleType)).toBe('none');

  const box = (await item.getByRole('checkbox').boundingBox())!;
  const name = (await item.locator('code').boundingBox())!;
  const description = (await item.getByText(long).boundingBox())!;
  // The checkbox beside the name (same line), the description below the name, starting where the name starts.
  expect(box.x + box.width).toBeLessThanOrEqual(name.x);
  expect(Math.abs(box.y + box.height / 2 - (name.y + name.height / 2))).toBeLessThan(name.height);
  expect(description.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
  expect(Math.abs(description.x - name.x)).toBeLessThan(2);
  // It wraps (more than one line) inside the list, not past the dialog's edge.
  expect(description.height).toBeGreaterThan(name.height * 1.5);
  const list = (await toolsOf(page).boundingBox())!;
  expect(description.x + description.width).toBeLessThanOrEqual(list.x + list.width + 1);
});
