/**
 * The prompt's images are decoded, made smaller and re-encoded in a worker of their own
 * (src/ui/agent/image-codec.ts), not in the page: a large picture is made smaller there, a GIF
 * goes as a PNG of its first frame, and bytes that are no image are refused with why, as
 * before. Where the worker cannot start, the page draws them itself, with the same results.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test, transcript, useGemini } from './fixtures';

const prompt = (page: Page) => page.getByRole('textbox', { name: 'Message the agent' });
const attachments = (page: Page) => page.getByRole('list', { name: 'Attachments' });
/** A 1×1 GIF. */
const GIF = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

/** Pastes a wide one-colour PNG the page draws, the GIF, and bytes that are no image, in that order. */
function pasteThree(page: Page): Promise<void> {
  return prompt(page).evaluate(async (box, gif) => {
    const canvas = new OffscreenCanvas(3000, 1000);
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#06c';
    context.fillRect(0, 0, 3000, 1000);
    const transfer = new DataTransfer();
    transfer.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'banner.png', { type: 'image/png' }));
    transfer.items.add(new File([Uint8Array.from(atob(gif), (char) => char.charCodeAt(0))], 'dot.gif', { type: 'image/gif' }));
    transfer.items.add(new File([new Uint8Array(64).fill(7)], 'broken.png', { type: 'image/png' }));
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, GIF);
}

/** Pastes the three, checks what is listed and refused, sends, and returns the images' types and sizes as sent. */
async function attachAndSend(page: Page, gemini: Parameters<typeof useGemini>[1]): Promise<{ mimeType: string; width: number; height: number }[]> {
  gemini.setScript({ responses: [{ chunks: [{ text: 'Two pictures.', finishReason: 'STOP' }] }] });
  await pasteThree(page);
  await expect(page.getByRole('alert').filter({ hasText: 'broken.png was not attached' })).toHaveText('broken.png was not attached: it could not be read as an image.');
  const items = attachments(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('made smaller from 3000×1000 to 2048×683');
  await expect(items.nth(1)).toContainText('sent as PNG (its first frame)');
  await prompt(page).fill('what are these?');
  await prompt(page).press('Enter');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Two pictures.');
  const contents = (gemini.requests()[0]?.body as { contents: { role: string; parts: Record<string, unknown>[] }[] }).contents;
  const parts = contents.filter((content) => content.role === 'user').at(-1)!.parts.slice(1);
  return parts.map((part) => {
    const { mimeType, data } = part['inlineData'] as { mimeType: string; data: string };
    const bytes = Buffer.from(data, 'base64');
    // Both go as PNG: width and height are in its IHDR chunk.
    return { mimeType, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  });
}

const SENT = [
  { mimeType: 'image/png', width: 2048, height: 683 },
  { mimeType: 'image/png', width: 1, height: 1 },
];

for (const [where, query] of [
  ['offline sandbox', 'sandbox=offline'],
  ['default URL', ''],
] as const) {
  test(`${where}: pasted images are prepared in the image worker: made smaller, a GIF sent as PNG, bytes that are no image refused`, async ({ page, gemini, pageErrors }) => {
    await openApp(page, query);
    await useGemini(page, gemini);
    const imageWorker = page.waitForEvent('worker', { predicate: (worker) => worker.url().includes('image-codec.worker') });
    expect(await attachAndSend(page, gemini)).toEqual(SENT);
    await imageWorker;
    expect(pageErrors).toEqual([]);
  });
}

test('where the image worker cannot start, the page prepares the images itself with the same results', async ({ page, gemini, pageErrors }) => {
  let refused = 0;
  await page.route(/image-codec\.worker/, (route) => {
    refused += 1;
    return route.abort();
  });
  await openApp(page);
  await useGemini(page, gemini);
  expect(await attachAndSend(page, gemini)).toEqual(SENT);
  expect(refused).toBe(1);
  expect(pageErrors).toEqual([]);
});
