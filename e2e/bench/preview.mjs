#!/usr/bin/env node
// Preview benchmark (issue 38), on the served build and the offline sandbox, against the fake
// Gemini server:
// - save → reload: from the moment the fake finished sending a write_file call of a module the
//   page imports, to the moment the Preview's page reported it had loaded with that version
//   (the agent's write, the store, the page rebuilt from the workspace, the frame loaded);
// - screenshot: from the moment the fake finished sending a preview_screenshot call to the
//   moment the next model request (which carries the image) began to arrive.
// Page and Node clocks are matched (clockOffset). Prints figures; asserts nothing.
// Run: node e2e/bench/preview.mjs [--saves 10] [--shots 10] [--width 800]
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { argument, clockOffset, figure, launchBrowser, median, openAppOnGemini, quantile, reply, round, sendMessage, startApp, waitForAgentText } from './lib.mjs';

const SAVES = Math.max(1, Number(argument('saves', 10)));
const SHOTS = Math.max(1, Number(argument('shots', 10)));
const WIDTH = Number(argument('width', 800));

const page = (version) => `import { items } from './items.js';
document.title = 'v${version}';
const list = document.getElementById('list');
for (const item of items) { const li = document.createElement('li'); li.textContent = item; list.append(li); }
`;
const FILES = {
  'index.html': '<!doctype html><html><head><title>Bench</title><link rel="stylesheet" href="style.css"></head><body><h1>Bench page</h1><ul id="list"></ul><script type="module" src="main.js"></script></body></html>',
  'style.css': 'body { font-family: sans-serif; } li:nth-child(odd) { background: #eef; }',
  'items.js': `export const items = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `Item ${index}`))};`,
  'main.js': page(0),
};

const app = await startApp();
const browser = await launchBrowser();
const fake = await startFakeGemini({ port: 0 });
try {
  fake.setScript({ responses: [reply({ calls: Object.entries(FILES).map(([file_path, content]) => ({ name: 'write_file', args: { file_path, content } })) }), reply({ text: 'Page written.' })] });
  const tab = await openAppOnGemini(browser, app.url, fake);
  // Every load the Preview's page reports, with the page's clock.
  await tab.evaluate(() => {
    window.__previewLoads = [];
    window.addEventListener('message', (event) => {
      const data = event.data;
      if (data && data.source === 'loopscope-preview' && data.type === 'loaded') window.__previewLoads.push({ title: data.title, at: window.__bench.epoch() });
    });
  });
  await sendMessage(tab, 'write the page');
  await waitForAgentText(tab, 'Page written.');
  await tab.getByRole('tab', { name: 'Preview' }).click();
  await tab.waitForFunction(() => window.__previewLoads.some((load) => load.title === 'v0'), null, { timeout: 60_000 });
  const offset = await clockOffset(tab);

  const reloads = [];
  for (let version = 1; version <= SAVES; version++) {
    fake.setScript({ responses: [reply({ calls: [{ name: 'write_file', args: { file_path: 'main.js', content: page(version) } }] }), reply({ text: `Saved ${version}.` })] });
    const before = fake.requests().length;
    await sendMessage(tab, `save version ${version}`);
    await tab.waitForFunction((title) => window.__previewLoads.some((load) => load.title === title), `v${version}`, { timeout: 60_000 });
    await waitForAgentText(tab, `Saved ${version}.`);
    const sent = fake.requests()[before].timing.endAt;
    const loaded = await tab.evaluate((title) => window.__previewLoads.find((load) => load.title === title).at, `v${version}`);
    reloads.push(loaded - offset - sent);
  }

  // Widths a pixel apart: identical calls in a row would trip the loop guard.
  const calls = Array.from({ length: SHOTS }, (_, index) => reply({ calls: [{ name: 'preview_screenshot', args: { width: WIDTH + index } }] }));
  fake.setScript({ responses: [...calls, reply({ text: 'Shots taken.' })] });
  const first = fake.requests().length;
  await sendMessage(tab, 'take screenshots');
  await waitForAgentText(tab, 'Shots taken.', 180_000).catch(async (error) => {
    console.log((await tab.getByRole('region', { name: 'Transcript' }).innerText()).slice(-1500));
    throw error;
  });
  const log = fake.requests();
  const shots = [];
  for (let index = first; index < first + SHOTS; index++) shots.push(log[index + 1].timing.headersAt - log[index].timing.endAt);
  const image = JSON.stringify(log[first + 1].body).match(/"mimeType":"image\/png","data":"([^"]+)"/);

  console.log(`Preview (offline sandbox, served build): ${SAVES} saves, ${SHOTS} screenshots at ${WIDTH} px`);
  figure('save → page reloaded, median', round(median(reloads)), 'ms');
  figure('save → page reloaded, p90', round(quantile(reloads, 0.9)), 'ms');
  figure('screenshot call → result sent, median', round(median(shots)), 'ms');
  figure('screenshot call → result sent, p90', round(quantile(shots, 0.9)), 'ms');
  figure('screenshot size (base64)', image ? round(image[1].length / 1024) : Number.NaN, 'KiB');
} finally {
  await browser.close();
  await fake.close();
  app.close();
}
