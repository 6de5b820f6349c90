#!/usr/bin/env node
// web_fetch of a huge HTML page (issue 36): pages of 1, 5 and 20 MB (the body is read up to
// 5 MB) served with CORS on loopback, fetched through the app (offline sandbox, the fake
// Gemini calling web_fetch, Allow all): the time from the model's call leaving the fake to the
// next request (the tool's result) arriving, the longest main-thread task (longtask entries),
// and the agent worker's longest stall (a 10 ms timer inside it, installed from outside with
// Playwright's worker.evaluate: its largest gap between ticks, less the 10 ms).
// Usage: node e2e/bench/web-fetch.mjs [--runs 3] [--sizes 1,5,20]
import { createServer } from 'node:http';
import { argument, figure, median, openAppOnGemini, reply, sendMessage, startLoopRig, waitForAgentText } from './lib.mjs';

const runs = Number(argument('runs', '3'));
const sizes = argument('sizes', '1,5,20').split(',').map(Number);

function page(megabytes) {
  const paragraph = `<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(20)}</p>\n`;
  return `<!doctype html><html><body><h1>Page</h1>${paragraph.repeat(Math.ceil((megabytes * 1024 * 1024) / paragraph.length))}</body></html>`;
}

const pages = new Map(sizes.map((size) => [String(size), page(size)]));
const web = createServer((request, response) => {
  const size = new URL(request.url ?? '/', 'http://x').searchParams.get('mb') ?? '';
  const body = pages.get(size);
  response.writeHead(body ? 200 : 404, { 'Content-Type': 'text/html; charset=utf-8', 'Access-Control-Allow-Origin': '*' });
  response.end(body ?? 'missing');
});
await new Promise((done) => web.listen(0, '127.0.0.1', done));
const webUrl = `http://127.0.0.1:${web.address().port}`;

const rig = await startLoopRig();
const { fake, arrivals, responseEnds, app, browser } = rig;

/** Inside the agent worker: the largest gap between ticks of a 10 ms timer, reset on each read. */
function installStallProbe() {
  self.__stall = { max: 0, last: performance.now() };
  setInterval(() => {
    const now = performance.now();
    self.__stall.max = Math.max(self.__stall.max, now - self.__stall.last - 10);
    self.__stall.last = now;
  }, 10);
}

async function allowLocal(page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('checkbox', { name: 'Allow web_fetch to local addresses' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

try {
  console.log(`web_fetch of huge pages, ${runs} run(s) each; medians`);
  for (const size of sizes) {
    const toResult = [];
    const mainLongest = [];
    const workerLongest = [];
    const shown = [];
    for (let run = 0; run < runs; run++) {
      const page = await openAppOnGemini(browser, app.url, fake);
      await allowLocal(page);
      const worker = page.workers().find((candidate) => candidate.url().includes('agent.worker'));
      await worker?.evaluate(installStallProbe);
      const url = `${webUrl}/page?mb=${size}`;
      fake.setScript({ responses: [reply({ calls: [{ name: 'web_fetch', args: { url } }] }), reply({ text: `Read ${size} MB.` })] });
      const before = fake.requests().length;
      const endsBefore = responseEnds.length;
      await page.evaluate(() => (window.__bench.longTasks.length = 0));
      await worker?.evaluate(() => (self.__stall.max = 0));
      await sendMessage(page, `Read the ${size} MB page`);
      await waitForAgentText(page, `Read ${size} MB.`);
      const callSent = responseEnds.slice(endsBefore).find((entry) => entry.headers === fake.requests()[before]?.headers)?.calledAt ?? Number.NaN;
      toResult.push(arrivals.stamps[before + 1] - callSent);
      mainLongest.push(Math.max(0, ...(await page.evaluate(() => window.__bench.longTasks.map((task) => task.duration)))));
      workerLongest.push(worker ? await worker.evaluate(() => self.__stall.max) : Number.NaN);
      const sent = JSON.stringify(fake.requests()[before + 1]?.body ?? '');
      shown.push(sent.length);
      await page.context().close();
    }
    figure(`${size} MB page: model's call sent → tool result at the model`, median(toResult), 'ms');
    figure(`${size} MB page: longest main-thread task`, median(mainLongest), 'ms');
    figure(`${size} MB page: longest agent-worker stall`, median(workerLongest), 'ms');
    figure(`${size} MB page: second request's size (the result, cut)`, median(shown) / 1024, 'KiB');
  }
} finally {
  await browser.close();
  app.close();
  await fake.close?.();
  rig.stopRecording();
  web.close();
}
