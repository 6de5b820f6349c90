#!/usr/bin/env node
// Images into the prompt (issue 38): on the built app with the fake Gemini, pastes images into
// the prompt and times paste → the item in Attachments (decode, any downscale and re-encoding in
// the image worker, src/ui/agent/image-codec.ts; base64 in the page) and the longest main-thread
// task meanwhile, for a small PNG (40×30), a 4000×3000 JPEG of noise (made smaller to 2048×1536)
// and 8 such JPEGs at once; then Enter → the request at the fake server, and the request's size.
// Prints figures; asserts nothing.
// Run: node e2e/bench/prompt-images.mjs [--runs 3]
import { argument, figure, launchBrowser, median, openApp, pageProbes, startApp, useGemini, waitForAgentText } from './lib.mjs';
import { startFakeGemini } from '../fake-gemini/server.mjs';

const RUNS = Number(argument('runs', 3));

const app = await startApp();
const fake = await startFakeGemini({ port: 0 });
const browser = await launchBrowser();

/** Draws `count` images of width × height in the page (noise or one colour), keeps them on window.__images as Files. */
async function makeImages(page, { count, width, height, type, noise }) {
  await page.evaluate(
    async ({ count, width, height, type, noise }) => {
      const files = [];
      for (let index = 0; index < count; index++) {
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext('2d');
        if (noise) {
          const pixels = context.createImageData(width, height);
          for (let at = 0; at < pixels.data.length; at += 65536) crypto.getRandomValues(pixels.data.subarray(at, at + 65536));
          for (let at = 3; at < pixels.data.length; at += 4) pixels.data[at] = 255;
          context.putImageData(pixels, 0, 0);
        } else {
          context.fillStyle = '#c00';
          context.fillRect(0, 0, width, height);
        }
        const blob = await canvas.convertToBlob({ type, quality: 0.92 });
        files.push(new File([blob], `image-${index + 1}.${type === 'image/png' ? 'png' : 'jpg'}`, { type }));
      }
      window.__images = files;
    },
    { count, width, height, type, noise },
  );
  return page.evaluate(() => window.__images.reduce((sum, file) => sum + file.size, 0));
}

/** Pastes window.__images into the prompt; resolves with [ms to all listed, longest task ms]. */
async function pasteAndTime(page, count) {
  await page.evaluate(() => window.__bench.quiet(300));
  return page.evaluate(async (count) => {
    const box = document.querySelector('textarea[aria-label="Message the agent"]');
    const transfer = new DataTransfer();
    for (const file of window.__images) transfer.items.add(file);
    const start = window.__bench.epoch();
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    const listed = await window.__bench.when(() => document.querySelectorAll('[aria-label="Attachments"] > li').length === count, 120_000);
    const longest = Math.max(0, ...window.__bench.longTasks.filter((task) => task.start >= start && task.start <= listed).map((task) => task.duration));
    return [listed - start, longest];
  }, count);
}

try {
  const cases = [
    { name: 'small PNG 40×30', count: 1, width: 40, height: 30, type: 'image/png', noise: false },
    { name: 'JPEG 4000×3000 of noise', count: 1, width: 4000, height: 3000, type: 'image/jpeg', noise: true },
    { name: '8 JPEGs 4000×3000 of noise', count: 8, width: 4000, height: 3000, type: 'image/jpeg', noise: true },
  ];
  for (const item of cases) {
    const times = [];
    const longest = [];
    const sent = [];
    const requestBytes = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const page = await (await browser.newContext()).newPage();
      page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
      await page.addInitScript(pageProbes);
      await openApp(page, app.url);
      await useGemini(page, fake);
      bytes = await makeImages(page, item);
      const [listed, task] = await pasteAndTime(page, item.count);
      times.push(listed);
      longest.push(task);
      fake.reset();
      fake.setScript({ responses: [{ chunks: [{ text: 'Seen.', finishReason: 'STOP' }] }] });
      const box = page.getByRole('textbox', { name: 'Message the agent' });
      await box.fill('what are these?');
      const enter = Date.now();
      await box.press('Enter');
      await waitForAgentText(page, 'Seen.');
      const request = fake.requests()[0];
      sent.push(request.receivedAt - enter);
      requestBytes.push(JSON.stringify(request.body).length);
      await page.context().close();
    }
    console.log(`${item.name} (${(bytes / 1024 / 1024).toFixed(2)} MB as pasted):`);
    figure('paste → listed in Attachments (median)', median(times), 'ms');
    figure('longest main-thread task meanwhile (median)', median(longest), 'ms');
    figure('Enter → request at the server (median)', median(sent), 'ms');
    figure('request body', median(requestBytes) / 1024 / 1024, 'MB');
  }
} finally {
  await browser.close();
  await fake.close();
  app.close();
}
