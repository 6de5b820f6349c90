/**
 * The offline Preview runs the workspace's page, scripts and modules included, in a frame that
 * cannot reach the app; the agent's preview tools look at it and act on it; the person picks
 * an element of it for the prompt.
 */
import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, sendMessage, statusOf, test, toolCard, transcript, useGemini } from './fixtures';

const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });
const call = (name: string, args: Record<string, unknown>) => ({ chunks: [{ functionCalls: [{ name, args }], finishReason: 'STOP' }] });

const PAGE = `<!doctype html>
<html>
<head>
  <title>Counter</title>
  <link rel="stylesheet" href="style.css">
  <script src="classic.js"></script>
</head>
<body>
  <h1 id="title">Counter</h1>
  <p id="classic">classic did not run</p>
  <p id="module">module did not run</p>
  <p id="inline">inline did not run</p>
  <p id="fetched">nothing fetched</p>
  <button id="add" class="primary">Add one</button>
  <input id="name" placeholder="Your name">
  <p id="greeting"></p>
  <p id="count">0</p>
  <script>document.getElementById('inline').textContent = 'inline ran';</script>
  <script>throw new Error('early failure');</script>
  <script type="module" src="src/main.js"></script>
</body>
</html>
`;

const FILES: Record<string, string> = {
  'index.html': PAGE,
  'style.css': 'h1 { color: rgb(200, 30, 30); }',
  'classic.js': "window.addEventListener('DOMContentLoaded', () => { document.getElementById('classic').textContent = 'classic ran'; });",
  'src/main.js': [
    "import { label } from './label.js';",
    "document.getElementById('module').textContent = label('module ran');",
    "fetch('data.json').then((response) => response.json()).then((data) => { document.getElementById('fetched').textContent = data.message; });",
    "let count = 0;",
    "document.getElementById('add').addEventListener('click', () => { count += 1; document.getElementById('count').textContent = String(count); console.log('count is', count); });",
    "document.getElementById('name').addEventListener('input', (event) => { document.getElementById('greeting').textContent = 'Hello, ' + event.target.value; });",
    "console.warn('page ready');",
  ].join('\n'),
  'src/label.js': 'export function label(text) { return text; }',
  'data.json': '{ "message": "fetched from the workspace" }',
};

const writes = Object.entries(FILES).map(([file_path, content]) => call('write_file', { file_path, content }));

/** The app (offline sandbox unless `query` says otherwise) on the fake Gemini, in Allow all. */
async function openOnGemini(page: Page, gemini: FakeGemini, query?: string) {
  await openApp(page, query);
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
}

async function openPreview(page: Page) {
  await page.getByRole('tab', { name: 'Preview' }).click();
  return page.frameLocator('iframe[title="Preview"]');
}

for (const [where, query] of [
  ['the offline sandbox', 'sandbox=offline'],
  ['the default address', ''],
] as const) {
  test(`on ${where}, the Preview runs the page with its scripts, modules, styles and fetches`, async ({ page, gemini }) => {
    gemini.setScript({ responses: [...writes, text('Wrote the counter.')] });
    await openOnGemini(page, gemini, query);
    await sendMessage(page, 'make a counter page');
    await expect(transcript(page)).toContainText('Wrote the counter.');

    const frame = await openPreview(page);
    await expect(frame.locator('#classic')).toHaveText('classic ran');
    await expect(frame.locator('#inline')).toHaveText('inline ran');
    await expect(frame.locator('#module')).toHaveText('module ran');
    await expect(frame.locator('#fetched')).toHaveText('fetched from the workspace');
    await expect(frame.locator('h1')).toHaveCSS('color', 'rgb(200, 30, 30)');
    // The page cannot reach the app's storage: its origin is opaque.
    expect(await frame.locator('body').evaluate(() => String(self.origin))).toBe('null');
    expect(await frame.locator('body').evaluate(() => { try { return typeof indexedDB.open('x'); } catch (error) { return (error as Error).name; } })).toBe('SecurityError');
  });
}

test('the page reloads when a file it uses changes', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [...writes, text('Wrote it.'), call('edit', { file_path: 'src/label.js', old_string: 'return text;', new_string: "return text + ' again';" }), text('Changed it.')],
  });
  await openOnGemini(page, gemini);
  await sendMessage(page, 'make a counter page');
  const frame = await openPreview(page);
  await expect(frame.locator('#module')).toHaveText('module ran');
  await sendMessage(page, 'change the label');
  await expect(frame.locator('#module')).toHaveText('module ran again');
});

test('the agent reads the console, queries, clicks, types and takes a screenshot of the page', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [
      ...writes,
      call('preview_console', {}),
      call('preview_query', { selector: 'button.primary' }),
      call('preview_click', { selector: '#add' }),
      call('preview_type', { selector: '#name', text: 'Ada' }),
      call('preview_screenshot', { width: 480 }),
      call('preview_query', { selector: '#nothing-here' }),
      call('preview_click', { selector: '[[[' }),
      text('Looked at the page.'),
    ],
  });
  await openOnGemini(page, gemini);
  await sendMessage(page, 'build it and check it');
  await expect(transcript(page)).toContainText('Looked at the page.', { timeout: 45_000 });

  await expect(statusOf(page, 'preview_console console')).toHaveText('success');
  const consoleCard = toolCard(page, 'preview_console console');
  await expect(consoleCard).toContainText('warn] page ready');
  await expect(consoleCard).toContainText('uncaught] Error: early failure');
  await expect(toolCard(page, 'preview_query button.primary')).toContainText('1 element(s) of index.html match button.primary');
  await expect(toolCard(page, 'preview_query button.primary')).toContainText('"Add one"');
  await expect(toolCard(page, 'preview_click #add')).toContainText('count is 1');
  await expect(toolCard(page, 'preview_type #name ← "Ada"')).toContainText('value: "Ada"');
  const shot = toolCard(page, 'preview_screenshot 480px wide');
  await expect(shot).toContainText(/Screenshot of index.html, 480×\d+ px/);
  await expect(shot.getByRole('img')).toBeVisible();
  await expect(statusOf(page, 'preview_query #nothing-here')).toHaveText('error');
  await expect(toolCard(page, 'preview_query #nothing-here')).toContainText('No element of index.html matches #nothing-here');
  await expect(toolCard(page, 'preview_click [[[')).toContainText('is not a valid CSS selector');

  // The page itself changed as the agent acted, and the model got the screenshot as an image.
  const frame = page.frameLocator('iframe[title="Preview"]');
  await expect(frame.locator('#count')).toHaveText('1');
  await expect(frame.locator('#greeting')).toHaveText('Hello, Ada');
  const withImage = gemini.requests().find((request) => JSON.stringify(request.body).includes('"inlineData"'));
  expect(withImage, 'a request carried the screenshot').toBeTruthy();
  expect(JSON.stringify(withImage!.body)).toContain('image/png');
});

test('a preview tool with no page says so, and Plan mode runs only the ones that look', async ({ page, gemini }) => {
  gemini.setScript({
    responses: [call('preview_console', {}), text('No page.'), call('preview_query', { selector: 'h1' }), call('preview_click', { selector: 'h1' }), text('Planned.')],
  });
  await openOnGemini(page, gemini);
  await sendMessage(page, 'look at the page');
  await expect(transcript(page)).toContainText('No page.');
  await expect(toolCard(page, 'preview_console console')).toContainText('no HTML file');

  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption({ label: 'Plan (read-only)' });
  await sendMessage(page, 'plan it');
  // A tool that only looks asks, as a read-only command would; one that acts is refused.
  const approval = page.getByRole('region', { name: 'Approval required' });
  await expect(approval).toContainText('Look up h1 in the Preview page.');
  await approval.getByRole('button', { name: 'Allow once' }).click();
  await expect(transcript(page)).toContainText('Planned.');
  await expect(toolCard(page, 'preview_query h1')).toContainText('no HTML file');
  await expect(toolCard(page, 'preview_click h1')).toContainText('plan (read-only) mode');
});

test('Pick an element adds the element, where it is written and an image of it to the prompt', async ({ page, gemini }) => {
  gemini.setScript({ responses: [...writes, text('Wrote the counter.'), text('I see the button.')] });
  await openOnGemini(page, gemini);
  await sendMessage(page, 'make a counter page');
  const frame = await openPreview(page);
  await expect(frame.locator('#module')).toHaveText('module ran');

  const pick = page.getByRole('button', { name: 'Pick an element' });
  await pick.click();
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
  // Escape leaves picking; the page's own click handler did not run meanwhile.
  await page.keyboard.press('Escape');
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await pick.click();
  await frame.locator('#add').hover();
  await frame.locator('#add').click();
  await expect(pick).toHaveAttribute('aria-pressed', 'false');
  await expect(frame.locator('#count')).toHaveText('0');

  const attachments = page.getByRole('list', { name: 'Attachments' });
  const item = attachments.getByRole('listitem').filter({ hasText: 'Element:' });
  await expect(item).toContainText('#add');
  await expect(item).toContainText('index.html:14');
  await sendMessage(page, 'make this button bigger');
  await expect(transcript(page)).toContainText('I see the button.');
  const sent = gemini.requests().at(-1)!;
  const body = JSON.stringify(sent.body);
  expect(body).toContain('#add');
  expect(body).toContain('index.html');
  expect(body).toContain('"inlineData"');
});

test('a shared session replays its preview calls from the recording, screenshots with their images, without a Preview page', async ({ page, gemini, browser }) => {
  gemini.setScript({
    responses: [...writes, call('preview_query', { selector: '#title' }), call('preview_screenshot', { width: 320 }), text('Checked the title.')],
  });
  await openOnGemini(page, gemini);
  await sendMessage(page, 'build and check');
  await expect(transcript(page)).toContainText('Checked the title.', { timeout: 45_000 });
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  const shared = reader.getByRole('region', { name: 'Shared session' });
  await reader.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all').catch(() => undefined);
  await shared.getByRole('button', { name: 'Replay' }).click();
  // The writes ask afresh (a shared session never runs a tool without a fresh approval); the preview calls answer from the recording.
  const approval = reader.getByRole('region', { name: 'Approval required' });
  for (let index = 0; index < Object.keys(FILES).length; index++) {
    await approval.getByRole('button', { name: 'Allow once' }).click();
  }
  await expect(shared.getByRole('status')).toContainText('Replay finished', { timeout: 45_000 });
  const query = toolCard(reader, 'preview_query #title');
  await expect(query.locator('[data-status]')).toHaveText('success');
  await expect(query).toContainText('1 element(s) of index.html match #title');
  const shot = toolCard(reader, 'preview_screenshot 320px wide');
  await expect(shot).toContainText('Screenshot of index.html, 320×');
  await expect(shot).toContainText('(recorded; not run again)');
  // The recorded screenshot comes back with its image: on the card, and in the replay's history.
  await expect(shot.getByRole('img')).toBeVisible();
  await context.close();
});

test('a preview tool right after a write acts on the page as written, not the one before', async ({ page, gemini }) => {
  const heading = (words: string) => `<!doctype html><h1 id="say">${words}</h1>`;
  gemini.setScript({
    responses: [
      call('write_file', { file_path: 'index.html', content: heading('First words') }),
      call('preview_query', { selector: '#say' }),
      call('write_file', { file_path: 'index.html', content: heading('Second words') }),
      call('preview_query', { selector: 'h1#say' }),
      text('Checked both.'),
    ],
  });
  await openOnGemini(page, gemini);
  await sendMessage(page, 'write and check twice');
  await expect(transcript(page)).toContainText('Checked both.', { timeout: 45_000 });
  await expect(toolCard(page, 'preview_query #say')).toContainText('"First words"');
  await expect(toolCard(page, 'preview_query h1#say')).toContainText('"Second words"');
});
