/**
 * web_fetch (issue 25): a scripted Gemini calls it; the page is fetched by the browser itself.
 * The fake web serves http on 127.0.0.1 and https as docs.example.test (mapped to 127.0.0.1 for
 * this file only, with its test certificate accepted), so a public-looking host can redirect
 * to a local one.
 */
import type { Page } from '@playwright/test';
import { chromiumArgs } from '../scripts/find-chromium.mjs';
import { startFakeWeb } from './fake-web/server.mjs';
import type { FakeWeb } from './fake-web/server.mjs';
import { DOCS_TEXT } from './fake-web/server.mjs';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs.filter((flag) => flag !== '--headless'), '--host-resolver-rules=MAP docs.example.test 127.0.0.1'],
  },
});

let web: FakeWeb;
test.beforeAll(async () => {
  web = await startFakeWeb();
});
test.afterAll(async () => {
  await web.close();
});

const fetchCall = (url: string) => ({ chunks: [{ functionCalls: [{ name: 'web_fetch', args: { url } }], finishReason: 'STOP' }] });
const done = { chunks: [{ text: 'Read it.', finishReason: 'STOP' }] };

/** The web_fetch result the model got in its second request. */
function resultSent(gemini: FakeGemini): string {
  const second = gemini.requests()[1]?.body as { contents: { parts: { functionResponse?: { response: Record<string, unknown> } }[] }[] } | undefined;
  const response = second?.contents.at(-1)?.parts.find((part) => part.functionResponse)?.functionResponse?.response;
  return JSON.stringify(response ?? null);
}

async function allowLocal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const box = dialog.getByRole('checkbox', { name: 'Allow web_fetch to local addresses' });
  await expect(box).not.toBeChecked();
  await box.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function approve(page: Page, host: string): Promise<void> {
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText(host);
  await approval.getByRole('button', { name: 'Allow once' }).click();
}

test('web_fetch asks showing the host, then gives the model the page as Markdown without its script, with the final URL and type', async ({ page, gemini, pageErrors }) => {
  const url = `${web.url}/cors/docs`;
  gemini.setScript({ responses: [fetchCall(url), done] });
  await openApp(page);
  await useGemini(page, gemini);
  await allowLocal(page);
  await sendMessage(page, 'Read the docs');
  await expect(statusOf(page, `web_fetch ${url}`)).toHaveText('awaiting approval');
  await approve(page, new URL(url).host);
  await expect(statusOf(page, `web_fetch ${url}`)).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Read it.');
  const sent = resultSent(gemini);
  expect(sent).toContain(DOCS_TEXT);
  expect(sent).toContain('# Frobnicate');
  expect(sent).toContain(`URL: ${url}`);
  expect(sent).toContain('Content-Type: text/html; charset=utf-8');
  expect(sent).not.toContain('SCRIPT-SHOULD-NOT-APPEAR');
  expect(sent).not.toContain('color: red');
  expect(pageErrors).toEqual([]);
});

test('a page whose server does not allow browser reads fails with the CORS message, and the loop goes on', async ({ page, gemini }) => {
  const url = `${web.url}/plain/docs`;
  gemini.setScript({ responses: [fetchCall(url), done] });
  await openApp(page);
  await useGemini(page, gemini);
  await allowLocal(page);
  await sendMessage(page, 'Read the docs');
  await approve(page, new URL(url).host);
  await expect(statusOf(page, `web_fetch ${url}`)).toHaveText('error');
  await expect(toolCard(page, `web_fetch ${url}`)).toContainText('CORS');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Read it.');
  const sent = resultSent(gemini);
  expect(sent).toContain('Access-Control-Allow-Origin');
  expect(sent).toContain('pasting');
});

test('a local address is refused before any request while Settings does not allow it', async ({ page, gemini }) => {
  const url = `${web.url}/cors/docs?refused`;
  gemini.setScript({ responses: [fetchCall(url), done] });
  const before = web.requests().length;
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Read the docs');
  await expect(statusOf(page, `web_fetch ${url}`)).toHaveText('error');
  await expect(page.getByRole('region', { name: 'Approval required' })).toHaveCount(0);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Read it.');
  expect(resultSent(gemini)).toContain('Allow web_fetch to local addresses');
  expect(web.requests().length).toBe(before);
});

test('a huge page is cut for the model with a note', async ({ page, gemini }) => {
  const url = `${web.url}/cors/huge`;
  gemini.setScript({ responses: [fetchCall(url), done] });
  await openApp(page);
  await useGemini(page, gemini);
  await allowLocal(page);
  await sendMessage(page, 'Read the huge page');
  await approve(page, new URL(url).host);
  await expect(statusOf(page, `web_fetch ${url}`)).toHaveText('success');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Read it.');
  const sent = resultSent(gemini);
  expect(sent).toMatch(/\[Cut: the first 64,000 characters are shown\. The page's text goes on: only the first \d+% of its HTML was turned into text\.\]/);
  expect(sent).toContain('[Cut: only the first 5 MB of the body were read.]');
  expect(sent.length).toBeLessThan(80_000);
});

test('a public host that redirects to a local address is refused and its answer not read; Allow for this session remembers the host', async ({ page, gemini }) => {
  const redirecting = `${web.publicUrl}/cors/to-local`;
  const again = `${web.publicUrl}/cors/missing`;
  gemini.setScript({ responses: [fetchCall(redirecting), fetchCall(again), done] });
  await openApp(page);
  await useGemini(page, gemini);
  await sendMessage(page, 'Read the docs');
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText(new URL(redirecting).host);
  await approval.getByRole('button', { name: 'Allow for this session' }).click();
  await expect(statusOf(page, `web_fetch ${redirecting}`)).toHaveText('error');
  await expect(toolCard(page, `web_fetch ${redirecting}`)).toContainText('a local address');
  // The same host again: no card this time; a 404 is an error result with its status.
  await expect(statusOf(page, `web_fetch ${again}`)).toHaveText('error');
  await expect(toolCard(page, `web_fetch ${again}`)).toContainText('404');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Read it.');
  const paths = web.requests().map((request) => `${request.secure ? 'https' : 'http'} ${request.path}`);
  expect(paths).toContain('https /cors/to-local');
  expect(paths).toContain('https /cors/missing');
});
