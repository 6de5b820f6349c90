#!/usr/bin/env node
// `node -e "console.log(N)"` and `python3 -c "print(N)"` in the offline sandbox (issue 25), as a person sees it in the
// Terminal: from Enter to the number on screen. The first run of a page loads the engine
// (QuickJS's worker, glue and ~500 KB of WebAssembly) and starts its thread; the later runs
// reuse them; `echo` in the same terminal is the floor of that path. Also the engine's bytes on the wire (gzip) and whether the service worker's
// second stage holds them. Fresh browser context per load; N loads.
// Prints figures; asserts nothing. Run: node e2e/bench/offline-node.mjs [--loads 5] [--after 5]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { argument, figure, launchBrowser, median, openApp, round, startApp } from './lib.mjs';

const LOADS = Number(argument('loads', 5));
const AFTER = Number(argument('after', 5));

async function runInTerminal(page, value, command = `node -e "console.log(${value})"`) {
  await page.keyboard.type(command);
  const started = await page.evaluate(() => performance.now());
  await page.keyboard.press('Enter');
  // The command line shows the number once (its echo); the output makes it twice.
  await page.waitForFunction((text) => (document.querySelector('.xterm-rows')?.textContent ?? '').split(text).length - 1 >= 2, String(value), { polling: 'raf' });
  return (await page.evaluate(() => performance.now())) - started;
}

const app = await startApp();
const browser = await launchBrowser();
const first = [];
const after = [];
const echo = [];
const pythonFirst = [];
const pythonAfter = [];
try {
  for (let load = 0; load < LOADS; load++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await openApp(page, app.url);
    await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
    await page.getByRole('region', { name: 'Terminal' }).locator('.xterm').click();
    first.push(await runInTerminal(page, 700001 + load * 100));
    for (let run = 1; run <= AFTER; run++) after.push(await runInTerminal(page, 700001 + load * 100 + run));
    pythonFirst.push(await runInTerminal(page, 900001 + load * 100, `python3 -c "print(${900001 + load * 100})"`));
    for (let run = 1; run <= AFTER; run++) pythonAfter.push(await runInTerminal(page, 900001 + load * 100 + run, `python3 -c "print(${900001 + load * 100 + run})"`));
    for (let run = 1; run <= AFTER; run++) echo.push(await runInTerminal(page, 800001 + load * 100 + run, `echo ${800001 + load * 100 + run}`));
    await context.close();
  }
} finally {
  await browser.close();
}
const assets = [
  ...readdirSync(join(app.folder, 'assets')).filter((name) => /^((node|python)-runner\.worker|emscripten-module)/.test(name)).map((name) => `assets/${name}`),
  ...readdirSync(join(app.folder, 'pyodide')).map((name) => `pyodide/${name}`),
];
const bytes = assets.map((name) => ({ name, data: readFileSync(join(app.folder, name)) }));
const serviceWorker = readFileSync(join(app.folder, 'service-worker.js'), 'utf8');
app.close();
const later = assets.filter((name) => new RegExp(`"later":true,"revision":[^,]*,"url":"${name.replace(/\./g, '\\.')}"`).test(serviceWorker));
const gzipKB = (filter) => round(bytes.filter(({ name }) => filter.test(name)).reduce((sum, { data }) => sum + gzipSync(data).length, 0) / 1024);

console.log(`Offline node (issue 25): ${LOADS} loads, ${AFTER} runs after the first in each`);
figure('node -e, first run of a page: Enter → output on screen (median)', round(median(first)), 'ms', '≤ 300');
figure('node -e, later runs: Enter → output on screen (median)', round(median(after)), 'ms', '≤ 50');
figure('python3 -c, first run of a page: Enter → output on screen (median)', round(median(pythonFirst)), 'ms', '≤ 3000');
figure('python3 -c, later runs: Enter → output on screen (median)', round(median(pythonAfter)), 'ms', '≤ 200');
figure('echo in the same terminal, for comparison (median)', round(median(echo)), 'ms');
figure('QuickJS on the wire (gzip)', gzipKB(/node-runner|emscripten-module/), 'KB');
figure('Pyodide on the wire (gzip)', gzipKB(/python-runner|pyodide\//), 'KB');
console.log(`  the engines' files in the service worker's second stage: ${later.length} of ${assets.length} (${assets.join(', ')})`);
