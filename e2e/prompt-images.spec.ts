/**
 * Images into the prompt (UI-CONTRACT "Preview, pointing and images"): an image pasted into the
 * prompt, dropped on it or picked with Attach image is listed in `Attachments` above it (with
 * `Remove <name>`), goes with the message as an inlineData part after its text (the fake Gemini
 * server records the request), is stored with the message and shown in its `You` article, also
 * after a reload. The images are drawn by the page's own canvas, so they are real PNGs.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { FakeGemini } from './fake-gemini/server.mjs';
import { expect, openApp, test, transcript, useGemini } from './fixtures';

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message the agent' });
const attachments = (page: Page) => page.getByRole('list', { name: 'Attachments' });
const you = (page: Page) => transcript(page).getByRole('article', { name: 'You' });
const text = (value: string) => ({ chunks: [{ text: value, finishReason: 'STOP' }] });

/** A PNG of width × height in one colour (or of random pixels, which barely compress), as base64, drawn by the page. */
function drawPng(page: Page, width: number, height: number, colour: string | 'noise' = '#c00'): Promise<string> {
  return page.evaluate(
    async ({ width, height, colour }) => {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      if (colour === 'noise') {
        const pixels = context.createImageData(width, height);
        for (let at = 0; at < pixels.data.length; at += 65536) crypto.getRandomValues(pixels.data.subarray(at, at + 65536));
        for (let index = 3; index < pixels.data.length; index += 4) pixels.data[index] = 255;
        context.putImageData(pixels, 0, 0);
      } else {
        context.fillStyle = colour;
        context.fillRect(0, 0, width, height);
      }
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height, colour },
  );
}

/** Pastes files into the prompt as the clipboard would hand them over: a paste event whose DataTransfer holds them. */
function pasteFiles(page: Page, files: { name: string; type: string; base64: string }[], plainText = ''): Promise<void> {
  return prompt(page).evaluate(
    (box, { files, plainText }) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      if (plainText) transfer.setData('text/plain', plainText);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { files, plainText },
  );
}

/** The parts of the user turn of the `n`th request (0-based) the fake server received. */
function lastUserParts(gemini: FakeGemini, n: number): Record<string, unknown>[] {
  const contents = (gemini.requests()[n]?.body as { contents: { role: string; parts: Record<string, unknown>[] }[] }).contents;
  return contents.filter((content) => content.role === 'user').at(-1)!.parts;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const [where, query] of [
  ['offline sandbox', 'sandbox=offline'],
  ['default URL', ''],
] as const) {
  test(`${where}: a pasted image is listed, sent as an inlineData part after the text, stored, and shown again after a reload`, async ({ page, gemini, pageErrors }) => {
    gemini.setScript({ responses: [text('A red square.')] });
    await openApp(page, query);
    // Remembered, so the page after the reload talks to the fake server too.
    await useGemini(page, gemini, { remember: true });
    const png = await drawPng(page, 40, 30);

    await prompt(page).fill('what colour is this?');
    await pasteFiles(page, [{ name: 'red.png', type: 'image/png', base64: png }]);
    await expect(attachments(page).getByRole('listitem')).toHaveCount(1);
    await expect(attachments(page).getByRole('img', { name: 'red.png' })).toBeVisible();
    await expect(attachments(page).getByRole('button', { name: 'Remove red.png' })).toBeVisible();
    // The paste attached the file and left the typed text alone.
    await expect(prompt(page)).toHaveValue('what colour is this?');

    await prompt(page).press('Enter');
    await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('A red square.');
    await expect(attachments(page)).toHaveCount(0);
    await expect(you(page).getByRole('img', { name: 'red.png' })).toBeVisible();

    expect(gemini.requests()).toHaveLength(1);
    // The bytes as pasted (small enough to go unchanged), after the text; the file's name is not sent.
    expect(lastUserParts(gemini, 0)).toEqual([{ text: 'what colour is this?' }, { inlineData: { mimeType: 'image/png', data: png } }]);

    await page.reload();
    await expect(you(page)).toHaveCount(1);
    await expect(you(page)).toContainText('what colour is this?');
    await expect(you(page).getByRole('img', { name: 'red.png' })).toBeVisible();
    // Stored in IndexedDB with the message: the next request carries it again, as history.
    gemini.setScript({ responses: [text('Still red.')] });
    await prompt(page).fill('and now?');
    await prompt(page).press('Enter');
    await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Still red.');
    const contents = (gemini.requests().at(-1)?.body as { contents: { role: string; parts: Record<string, unknown>[] }[] }).contents;
    expect(contents[0]!.parts).toEqual([{ text: 'what colour is this?' }, { inlineData: { mimeType: 'image/png', data: png } }]);
    expect(pageErrors).toEqual([]);
  });
}

test('Attach image picks files; a file of another type is refused with why and the typed text stays; Remove takes one off the list', async ({ page, gemini }) => {
  gemini.setScript({ responses: [text('Two squares.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const red = Buffer.from(await drawPng(page, 8, 8, '#c00'), 'base64');
  const blue = Buffer.from(await drawPng(page, 8, 8, '#00c'), 'base64');
  await prompt(page).fill('compare these');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach image' }).click();
  await (await chooser).setFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: red },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
    { name: 'blue.png', mimeType: 'image/png', buffer: blue },
    { name: 'red.png', mimeType: 'image/png', buffer: red },
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt was not attached' })).toContainText('Attach a PNG, JPEG, WebP or GIF image.');
  // A second file of the same name is named apart, so each Remove button is.
  await expect(attachments(page).getByRole('listitem')).toHaveCount(3);
  await expect(attachments(page).getByRole('button', { name: 'Remove red (2).png' })).toBeVisible();
  await expect(prompt(page)).toHaveValue('compare these');

  await attachments(page).getByRole('button', { name: 'Remove red (2).png' }).click();
  await expect(attachments(page).getByRole('listitem')).toHaveCount(2);
  await expect(prompt(page)).toBeFocused();

  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Two squares.');
  const parts = lastUserParts(gemini, 0);
  expect(parts.map((part) => ('inlineData' in part ? 'image' : part['text']))).toEqual(['compare these', 'image', 'image']);
  expect((parts[1]!['inlineData'] as { data: string }).data).toBe(red.toString('base64'));
  expect((parts[2]!['inlineData'] as { data: string }).data).toBe(blue.toString('base64'));
  await expect(you(page).getByRole('img')).toHaveCount(2);
});

test('an image larger than 2048 pixels is made smaller before it goes, and says so; a paste holding text and a picture of it attaches nothing', async ({ page, gemini }) => {
  gemini.setScript({ responses: [text('A wide banner.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const wide = await drawPng(page, 3000, 1000);

  await pasteFiles(page, [{ name: 'cells.png', type: 'image/png', base64: wide }], 'A1\tB1');
  await expect(attachments(page)).toHaveCount(0);

  await pasteFiles(page, [{ name: 'banner.png', type: 'image/png', base64: wide }]);
  await expect(attachments(page).getByRole('listitem')).toContainText('made smaller from 3000×1000 to 2048×683');
  await prompt(page).fill('what is this?');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('A wide banner.');
  const image = lastUserParts(gemini, 0)[1]!['inlineData'] as { mimeType: string; data: string };
  expect(image.mimeType).toBe('image/png');
  expect(pngSize(image.data)).toEqual({ width: 2048, height: 683 });
});

test('a message sent while its pasted image is still being prepared waits for it in the box, says so, and goes with it', async ({ page, gemini }) => {
  // Regression: Enter right after a paste sent the message without the image (seen once in a
  // full run, on a queued message), and the image then sat in Attachments for the next one.
  gemini.setScript({ responses: [text('A large photo.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const photo = await drawPng(page, 2200, 1600, 'noise');
  await prompt(page).fill('what is this?');
  await pasteFiles(page, [{ name: 'photo.png', type: 'image/png', base64: photo }]);
  await prompt(page).press('Enter');
  // Meanwhile the message stays in the box, read-only, and the prompt says what it waits for (read at one moment).
  const waiting = () =>
    page.evaluate(() => {
      const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message the agent"]')!;
      const said = [...document.querySelectorAll('[role="status"]')].some((status) => status.textContent === 'Preparing photo.png…');
      return { said, text: box.value, readOnly: box.readOnly };
    });
  await expect.poll(waiting).toEqual({ said: true, text: 'what is this?', readOnly: true });
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('A large photo.');
  await expect(prompt(page)).toHaveValue('');
  await expect(page.getByRole('status').filter({ hasText: 'Preparing' })).toHaveCount(0);
  await expect(attachments(page)).toHaveCount(0);
  const parts = lastUserParts(gemini, 0);
  expect(parts[0]).toEqual({ text: 'what is this?' });
  expect(parts[1]?.['inlineData']).toBeTruthy();
});

test('an image dropped on the prompt is attached; one attached while the agent works goes with the steering message, after the results', async ({ page, gemini }) => {
  const listThenHold = { chunks: [{ text: 'Looking around.' }, { functionCalls: [{ name: 'list_directory', args: { dir_path: '.' } }], finishReason: 'STOP' }], holdBefore: 1 };
  gemini.setScript({ responses: [listThenHold, text('Like the picture, then.')] });
  await openApp(page);
  await useGemini(page, gemini);
  await prompt(page).fill('look at the files');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Looking around.');

  const png = await drawPng(page, 12, 12, '#0a0');
  await prompt(page).evaluate((box, base64) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], 'green.png', { type: 'image/png' }));
    box.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, png);
  await expect(attachments(page).getByRole('button', { name: 'Remove green.png' })).toBeVisible();
  await prompt(page).fill('make it look like this');
  await page.getByRole('button', { name: 'Steer' }).click();
  await expect(attachments(page)).toHaveCount(0);
  await expect(you(page).filter({ hasText: 'Waiting to steer' }).getByRole('img', { name: 'green.png' })).toBeVisible();

  expect(gemini.release()).toBe(1);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Like the picture, then.');
  await expect(you(page).filter({ hasText: 'Steering' }).getByRole('img', { name: 'green.png' })).toBeVisible();
  const parts = lastUserParts(gemini, 1);
  expect(parts.map((part) => ('functionResponse' in part ? 'result' : 'inlineData' in part ? 'image' : part['text']))).toEqual(['result', 'make it look like this', 'image']);
  expect((parts[2]!['inlineData'] as { data: string }).data).toBe(png);
});

test('a share link leaves out the image that would make it too long, with a note on its message; the session file keeps both', async ({ page, gemini, browser }) => {
  gemini.setScript({ responses: [text('Two pictures.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const small = await drawPng(page, 16, 16, '#c00');
  const noise = await drawPng(page, 180, 180, 'noise');
  await prompt(page).fill('two pictures');
  await pasteFiles(page, [
    { name: 'small.png', type: 'image/png', base64: small },
    { name: 'noise.png', type: 'image/png', base64: noise },
  ]);
  await expect(attachments(page).getByRole('listitem')).toHaveCount(2);
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Two pictures.');

  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share session' });
  await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveValue(/#session=/);
  await expect(dialog.getByRole('list', { name: 'Left out' })).toContainText('Message 1: noise.png');
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('region', { name: 'Shared session' })).toBeVisible();
  await expect(you(reader).getByRole('img', { name: 'small.png' })).toBeVisible();
  await expect(you(reader).getByRole('img', { name: 'noise.png' })).toHaveCount(0);
  // The note beside the message that lost it.
  await expect(transcript(reader).getByRole('note')).toHaveText(/^noise\.png \(\d+ KB\) was left out of this link, which holds at most 64 KB; the session file keeps it\.$/);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download session file' }).click()]);
  const saved = await download.path();
  const fileReader = await context.newPage();
  await openApp(fileReader);
  await fileReader.getByRole('button', { name: 'Import' }).click();
  const [chooser] = await Promise.all([fileReader.waitForEvent('filechooser'), fileReader.getByRole('menuitem', { name: 'Open session file' }).click()]);
  await chooser.setFiles(saved);
  await expect(fileReader.getByRole('region', { name: 'Shared session' })).toBeVisible();
  await expect(you(fileReader).getByRole('img', { name: 'small.png' })).toBeVisible();
  await expect(you(fileReader).getByRole('img', { name: 'noise.png' })).toBeVisible();
  await context.close();
});

test('Fork from here on a message with an image puts its text back in the prompt and its image back in Attachments', async ({ page, gemini }) => {
  gemini.setScript({ responses: [text('A red square.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const png = await drawPng(page, 10, 10);
  await prompt(page).fill('what colour is this?');
  await pasteFiles(page, [{ name: 'red.png', type: 'image/png', base64: png }]);
  await expect(attachments(page).getByRole('listitem')).toHaveCount(1);
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('A red square.');

  await you(page).getByRole('button', { name: 'Fork from here' }).click();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByText(/\(fork at round-trip 1\)$/)).toBeVisible();
  await expect(prompt(page)).toHaveValue('what colour is this?');
  await expect(attachments(page).getByRole('button', { name: 'Remove red.png' })).toBeVisible();
  await expect(transcript(page).getByRole('article')).toHaveCount(0);
});

/** An answer held by the fake until the test releases it: the agent is working meanwhile. */
const held = (value: string) => ({ chunks: [{ text: value }, { text: '.', finishReason: 'STOP' }], holdBefore: 1 });

/** Sends `first` (whose answer is held), then queues `then this` with a pasted PNG; answers the PNG. */
async function queueWithImageWhileWorking(page: Page): Promise<string> {
  const png = await drawPng(page, 6, 6);
  await prompt(page).fill('first');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toContainText('Working');
  await prompt(page).fill('then this');
  await pasteFiles(page, [{ name: 'red.png', type: 'image/png', base64: png }]);
  await page.getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued: “then this” with an image.' })).toBeVisible();
  return png;
}

test('Queue keeps the image with the queued message and sends both when the run ends; Stop gives both back', async ({ page, gemini }) => {
  gemini.setScript({ responses: [held('Working'), text('Seen it.'), held('Working again')] });
  await openApp(page);
  await useGemini(page, gemini);
  const png = await queueWithImageWhileWorking(page);
  await expect(attachments(page)).toHaveCount(0);
  expect(gemini.release()).toBe(1);
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Seen it.');
  expect(lastUserParts(gemini, 1)).toEqual([{ text: 'then this' }, { inlineData: { mimeType: 'image/png', data: png } }]);

  // A run under way again: Stop gives a queued message back with its image.
  await prompt(page).fill('go on');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toContainText('Working again');
  await prompt(page).fill('later');
  await pasteFiles(page, [{ name: 'red.png', type: 'image/png', base64: png }]);
  await page.getByRole('button', { name: 'Queue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Queued: “later” with an image.' })).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(prompt(page)).toHaveValue('later');
  await expect(attachments(page).getByRole('button', { name: 'Remove red.png' })).toBeVisible();
  gemini.release();
});

test('a message queued with an image when the page reloads comes back in the prompt with its image, unsent; sent again, both go', async ({ page, gemini, pageErrors }) => {
  // Regression: the page kept only the text of a message it had not stored, so a reload lost its images.
  gemini.setScript({ responses: [held('Working'), text('Seen it.')] });
  await openApp(page);
  await useGemini(page, gemini, { remember: true });
  const png = await queueWithImageWhileWorking(page);

  await page.reload();
  await expect(prompt(page)).toHaveValue('then this');
  await expect(attachments(page).getByRole('img', { name: 'red.png' })).toBeVisible();
  await expect(transcript(page)).toContainText('It is back in the prompt: press Enter to send it.');
  await expect(you(page).filter({ hasText: 'then this' })).toHaveCount(0);
  expect(gemini.requests()).toHaveLength(1);

  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' }).last()).toHaveText('Seen it.');
  // After the unanswered `first` (the reload cut its answer off), in the same user turn.
  expect(lastUserParts(gemini, 1).slice(-2)).toEqual([{ text: 'then this' }, { inlineData: { mimeType: 'image/png', data: png } }]);
  await expect(attachments(page)).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test('the attachments, a refusal and a message with an image pass axe (WCAG 2.1 A and AA), in the dark and light themes', async ({ page, gemini }) => {
  gemini.setScript({ responses: [text('A red square.')] });
  await openApp(page);
  await useGemini(page, gemini);
  const png = await drawPng(page, 10, 10);
  await prompt(page).fill('what colour is this?');
  await pasteFiles(page, [
    { name: 'red.png', type: 'image/png', base64: png },
    { name: 'notes.txt', type: 'text/plain', base64: btoa('plain') },
  ]);
  await expect(attachments(page).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt was not attached' })).toBeVisible();
  const scan = async (state: string) => {
    const results = await new AxeBuilder({ page }).include('form.prompt').include('section[aria-label="Transcript"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`), state).toEqual([]);
  };
  for (const theme of ['Dark', 'Light'] as const) {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await scan(`${theme}: attachments and a refusal`);
  }
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('A red square.');
  await scan('Light: a message with an image');
});
