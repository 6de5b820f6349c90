// Shared helpers of the benchmarks (e2e/bench/*.mjs): the built app and a browser, app
// drivers by role and name (as e2e/fixtures.ts does), clocks, and the figure printer.
// Benchmarks report; they never assert. scripts/bench.mjs collects the figures through
// BENCH_RESULTS (a JSON-lines file each `figure()` call appends to).
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../../scripts/find-chromium.mjs';
import { securityHeadersFor } from '../../src/shared/security-headers.mjs';
import { startFakeGemini } from '../fake-gemini/server.mjs';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
/** The build the benchmarks serve: dist/, or LOOPSCOPE_DIST (as scripts/serve.mjs). */
const distDir = resolve(repoRoot, process.env.LOOPSCOPE_DIST ?? 'dist');

/** Node's clock in epoch milliseconds, sub-millisecond (comparable with a page's `epochNow`). */
export function epochNow() {
  return performance.timeOrigin + performance.now();
}

/** Median of the finite values (a NaN marks a failed sample). */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function round(value, digits = 1) {
  return Number.isFinite(value) ? Number(value.toFixed(digits)) : value;
}

/** The value after `--name` on the command line, or `fallback`. */
export function argument(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}

/** Prints one figure and records it for scripts/bench.mjs. `target` is text such as '≤ 150'. */
export function figure(name, value, unit, target = '') {
  const shown = typeof value === 'number' ? round(value, value < 10 ? 2 : 1) : value;
  console.log(`  ${name.padEnd(58)} ${String(shown).padStart(10)} ${unit.padEnd(8)} ${target ? `target ${target}` : ''}`);
  if (process.env.BENCH_RESULTS) {
    appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify({ bench: process.env.BENCH_NAME ?? '', name, value: shown, unit, target })}\n`);
  }
}

/** Builds dist/ unless it exists (scripts/bench.mjs builds once and sets BENCH_SKIP_BUILD). */
export function ensureBuild() {
  const index = join(distDir, 'index.html');
  if (process.env.BENCH_SKIP_BUILD && existsSync(index)) return;
  if (existsSync(index)) {
    const age = Math.round((Date.now() - statSync(index).mtimeMs) / 60000);
    console.log(`Using the existing build in ${distDir} (${age} min old; \`npm run bench\` rebuilds).`);
    return;
  }
  console.log(`No build in ${distDir}: running vite build…`);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], { cwd: repoRoot, stdio: 'inherit' });
}

export async function launchBrowser() {
  return chromium.launch({ executablePath: await findChromium(), args: chromiumArgs });
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The browser process (not a helper) whose profile is `folder`: its pid and command line, from /proc; null when none. */
export function browserProcess(folder) {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const words = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (words.includes(`--user-data-dir=${folder}`) && !words.some((word) => word.startsWith('--type='))) return { pid: Number(name), words };
    } catch {
      // gone
    }
  }
  return null;
}

/**
 * The program and arguments Playwright launches Chromium with (its own defaults, then ours), read
 * once from the command line of a browser it launched; elsewhere than Linux, ours alone.
 */
let launchLine;
async function playwrightLaunchLine() {
  if (launchLine) return launchLine;
  const executablePath = await findChromium();
  launchLine = { program: executablePath, args: chromiumArgs };
  if (process.platform !== 'linux') return launchLine;
  const folder = mkdtempSync(join(tmpdir(), 'loopscope-launch-line-'));
  const context = await chromium.launchPersistentContext(folder, { executablePath, args: chromiumArgs });
  const words = browserProcess(folder)?.words;
  if (words) launchLine = { program: words[0], args: words.slice(1).filter((word) => !word.startsWith('--user-data-dir=') && word !== '--remote-debugging-pipe' && word !== 'about:blank') };
  await context.close();
  await removeProfile(folder);
  return launchLine;
}

/**
 * A Chromium launched here with a profile on disk and the arguments Playwright would launch it
 * with, and Playwright connected to it over CDP. `disconnect()` ends Playwright's DevTools
 * session and leaves the browser running, as a person's (no DevTools attached); `close()` ends
 * the browser and removes the profile.
 */
export async function launchDetachableChromium() {
  const folder = mkdtempSync(join(tmpdir(), 'loopscope-detached-'));
  const port = await freePort();
  const { program, args } = await playwrightLaunchLine();
  const child = spawn(program, [...args, `--remote-debugging-port=${port}`, `--user-data-dir=${folder}`, 'about:blank'], { stdio: 'ignore' });
  let browser;
  for (let attempt = 0; !browser; attempt++) {
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const context = browser.contexts()[0];
  return {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    pid: child.pid,
    disconnect: () => browser.close(),
    async close() {
      await browser.close().catch(() => {});
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      await removeProfile(folder);
    },
  };
}

/** Removes a Chromium profile once no process uses it any more (its helpers end after the browser). */
export async function removeProfile(folder) {
  const users = () =>
    readdirSync('/proc').filter((name) => {
      try {
        return /^\d+$/.test(name) && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(folder);
      } catch {
        return false;
      }
    });
  for (let attempt = 0; attempt < 50 && process.platform === 'linux' && users().length > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
  try {
    rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.log(`    (profile ${folder} left behind: ${error.code})`);
  }
}

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
};

/**
 * A static server for a directory, with scripts/serve.mjs's headers, caching and
 * single-page fallback (serve.mjs serves dist/ only).
 */
export function serveDirectory(root) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
    response.writeHead(200, {
      'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': file.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      // As scripts/serve.mjs: the embedded player's address (`?embed`) may be framed by other sites.
      ...securityHeadersFor(request.url ?? '/'),
    });
    response.end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}

/**
 * Serves a private copy of dist/, so a rebuild by someone else during a run (the repository
 * is shared) cannot swap the files under test. `close()` stops the server and removes the copy.
 */
export async function startApp() {
  ensureBuild();
  const copy = mkdtempSync(join(tmpdir(), 'loopscope-bench-dist-'));
  cpSync(distDir, copy, { recursive: true });
  const { server, url } = await serveDirectory(copy);
  return {
    url,
    /** The private copy of the build (e.g. to serve it another way too). */
    folder: copy,
    close() {
      server.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/**
 * Page probes, installed with `page.addInitScript(pageProbes)`: long tasks, the clock, and the
 * time of the last `pointerdown` and `keydown` and of the first `input`. Everything lives on `window.__bench`.
 */
export function pageProbes() {
  const bench = { longTasks: [], marks: {} };
  window.__bench = bench;
  bench.epoch = () => performance.timeOrigin + performance.now();
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTasks.push({ start: performance.timeOrigin + entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    bench.longTasksUnsupported = true;
  }
  /**
   * Resolves with the epoch time at which `test()` first holds, checked on every DOM mutation,
   * or with NaN after `timeoutMs`.
   */
  bench.when = (test, timeoutMs = 60_000) =>
    new Promise((done) => {
      if (test()) return done(bench.epoch());
      const observer = new MutationObserver(() => {
        if (!test()) return;
        finish(bench.epoch());
      });
      const timer = setTimeout(() => finish(Number.NaN), timeoutMs);
      function finish(at) {
        observer.disconnect();
        clearTimeout(timer);
        done(at);
      }
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  /** Resolves once no long task has started for `ms` (or after 10 s). */
  bench.quiet = (ms) =>
    new Promise((done) => {
      const started = bench.epoch();
      const check = () => {
        const last = bench.longTasks.at(-1);
        const lastEnd = last ? last.start + last.duration : 0;
        if (bench.epoch() - Math.max(lastEnd, started) >= ms || bench.epoch() - started > 10_000) done();
        else setTimeout(check, 50);
      };
      check();
    });
  addEventListener('pointerdown', () => (bench.marks.pointerdown = bench.epoch()), true);
  addEventListener('keydown', () => (bench.marks.keydown = bench.epoch()), true);
  addEventListener('input', () => (bench.marks.input ??= bench.epoch()), true);
}

/**
 * Offset of a page's epoch clock from Node's (page − node), from the round trip with the
 * shortest wait of ten `page.evaluate` calls; exact to about half that round trip.
 */
export async function clockOffset(page) {
  let best = { rtt: Infinity, offset: 0 };
  for (let index = 0; index < 10; index++) {
    const before = epochNow();
    const pageTime = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = epochNow();
    if (after - before < best.rtt) best = { rtt: after - before, offset: pageTime - (before + after) / 2 };
  }
  return best.offset;
}

/**
 * Records each HTTP response of this process as `{url, headers, calledAt, finishedAt}` (epoch ms):
 * when the server called `end()` (every byte written to the socket, which for a small body
 * means sent), and when Node reported it flushed (`finish`; right for big bodies, but late by
 * any event-loop lag). `headers` is the request's headers object, the same one the fake
 * Gemini server keeps in its request log, so a response can be matched to its request. (The
 * fake now stamps its own requests too, `timing` in its log, which turnaround-side-by-side.mjs
 * reads; these recorders also see the bare worker's and other servers' requests.) Call the
 * returned function to stop recording.
 */
export function recordResponseEnds(log) {
  const original = ServerResponse.prototype.end;
  ServerResponse.prototype.end = function end(...args) {
    const entry = { url: this.req?.url ?? '', headers: this.req?.headers, calledAt: epochNow(), finishedAt: Number.NaN };
    log.push(entry);
    this.once('finish', () => (entry.finishedAt = epochNow()));
    return original.apply(this, args);
  };
  return () => {
    ServerResponse.prototype.end = original;
  };
}

/**
 * Arrival times (epoch ms) of the fake's model requests, in order. `fake.requests()` is the
 * server's live log, so wrapping its `push` stamps each request as it arrives.
 * Returns null when the log is not live (then the caller falls back to total / count).
 */
export function recordRequestArrivals(fake) {
  const log = fake.requests();
  const stamps = [];
  const push = log.push;
  log.push = function stampedPush(...items) {
    for (let index = 0; index < items.length; index++) stamps.push(epochNow());
    return push.apply(this, items);
  };
  return { stamps, live: () => fake.requests() === log };
}

/**
 * When each HTTP request of this process began to arrive: the epoch ms at which node:http
 * emitted `request` (its headers parsed; the body may still be on its way), keyed by the
 * request's headers object, which the fake Gemini server keeps in its request log
 * (`startOf(fake.requests()[i].headers)`). `recordRequestArrivals` stamps the later moment
 * the body was read and the request logged. `stop()` ends the recording.
 */
export function recordRequestStarts() {
  const starts = new WeakMap();
  const original = Server.prototype.emit;
  Server.prototype.emit = function emit(event, request, ...rest) {
    if (event === 'request' && request?.headers) starts.set(request.headers, epochNow());
    return original.call(this, event, request, ...rest);
  };
  return {
    startOf: (headers) => (headers ? starts.get(headers) : undefined) ?? Number.NaN,
    stop() {
      Server.prototype.emit = original;
    },
  };
}

/** The value at quantile `q` (0–1) of the finite values, nearest rank (NaN when none). */
export function quantile(values, q) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

// ---- the app, driven by role and name like e2e/fixtures.ts ----

export async function openApp(page, url) {
  await page.goto(`${url}?sandbox=offline`);
  await page.getByRole('status').filter({ hasText: 'Offline sandbox' }).waitFor();
  await page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first().waitFor();
}

export async function useGemini(page, fake, key = 'bench-key') {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption('Gemini');
  await dialog.getByLabel('Gemini API key').fill(key);
  await dialog.getByRole('textbox', { name: 'API base URL' }).fill(fake.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

export async function allowAll(page) {
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
}

/** A new page with the probes, the app open on Gemini (the fake server) and Allow all. */
export async function openAppOnGemini(browser, appUrl, fake) {
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
  await page.addInitScript(pageProbes);
  await openApp(page, appUrl);
  await useGemini(page, fake);
  await allowAll(page);
  return page;
}

/** Types the message and presses Enter; resolves with the page's epoch time of the Enter. */
export async function sendMessage(page, text) {
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  await box.fill(text);
  await box.evaluate((element) => element.addEventListener('keydown', () => (window.__bench.marks.enter = window.__bench.epoch()), { once: true, capture: true }));
  await box.press('Enter');
  return page.evaluate(() => window.__bench.marks.enter);
}

/** Waits until the transcript's last Agent article is done and contains `text`. */
export async function waitForAgentText(page, text, timeout = 120_000) {
  await page.waitForFunction(
    (wanted) => {
      const articles = document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]');
      const last = articles[articles.length - 1];
      return !!last && last.getAttribute('aria-busy') !== 'true' && (last.textContent ?? '').includes(wanted);
    },
    text,
    { timeout, polling: 50 },
  );
}

/** A one-response script of chunks; `calls` are function calls. */
export function reply({ text, calls } = {}) {
  const chunk = { finishReason: 'STOP' };
  if (text !== undefined) chunk.text = text;
  if (calls) chunk.functionCalls = calls;
  return { chunks: [chunk] };
}

/**
 * What a loop bench runs against: the fake Gemini with its request-arrival and response-end
 * logs, the app served from a private copy of the build, and a browser.
 */
export async function startLoopRig() {
  const fake = await startFakeGemini({ port: 0 });
  const arrivals = recordRequestArrivals(fake);
  const responseEnds = [];
  const stopRecording = recordResponseEnds(responseEnds);
  const app = await startApp();
  const browser = await launchBrowser();
  return { fake, arrivals, responseEnds, stopRecording, app, browser };
}

/**
 * A project for the import benchmarks: `fileCount` files, nine in ten sources of 5 KB (compressible),
 * the rest images of random bytes (as a compressed format's are), `megabytes` together; path → bytes.
 */
export function generatedProject(fileCount = 2000, megabytes = 20) {
  const binaries = Math.round(fileCount / 10);
  const sources = fileCount - binaries;
  const sourceBytes = 5 * 1024;
  const binaryBytes = Math.floor((megabytes * 1024 * 1024 - sources * sourceBytes) / binaries);
  const files = {};
  for (let index = 0; index < sources; index++) {
    const line = `export function helper${index}(value) { return value * ${index} + ${index % 7}; }\n`;
    files[`src/module-${index % 40}/file-${index}.js`] = new TextEncoder().encode(line.repeat(Math.ceil(sourceBytes / line.length)).slice(0, sourceBytes));
  }
  for (let index = 0; index < binaries; index++) {
    const bytes = new Uint8Array(binaryBytes);
    for (let offset = 0; offset < bytes.length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, Math.min(bytes.length, offset + 65536)));
    files[`assets/image-${index}.png`] = bytes;
  }
  return files;
}
