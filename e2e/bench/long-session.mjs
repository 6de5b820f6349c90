#!/usr/bin/env node
// Long-session benchmark (issue 14), on the built app with the fake Gemini answering at once
// and Allow all:
//  (a) builds a session of N round-trips (default 2,000: messages of 100 read_file calls each,
//      every call distinct so loop detection stays quiet) and samples the agent worker's memory
//      (performance.measureUserAgentSpecificMemory, after a forced GC) at the start and every 500;
//  (b) IndexedDB bytes per round-trip (navigator.storage.estimate before and after);
//  (c) checkpoints of an unchanged 200-file workspace: bytes added per non-read-only command;
//  (d) reopens the session in a new tab: time from navigation to the transcript showing its
//      last answer, and the longest main-thread task until then; then opens it again from
//      another session (a click in the Sessions list → its last answer on screen);
//  (e) scrolls the transcript from the end to the top: the longest main-thread task meanwhile.
// Prints figures; asserts nothing. Run: node e2e/bench/long-session.mjs [--round-trips 2000]
import { chromium } from '@playwright/test';
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { chromiumArgs, findChromium } from '../../scripts/find-chromium.mjs';
import { allowAll, argument, figure, openApp, pageProbes, reply, sendMessage, startApp, useGemini, waitForAgentText } from './lib.mjs';

const ROUND_TRIPS = Number(argument('round-trips', 2000));
const PER_MESSAGE = 100;
const FILE_LINES = 64;
const MiB = 1024 * 1024;

/** Distinct (start, end) line ranges of a.txt: 2,080 of them for 64 lines. */
function readCalls(count, offset) {
  const calls = [];
  let index = 0;
  for (let start = 1; start <= FILE_LINES; start++) {
    for (let end = start; end <= FILE_LINES; end++) {
      if (index++ < offset) continue;
      if (calls.length === count) return calls;
      calls.push({ name: 'read_file', args: { file_path: 'a.txt', start_line: start, end_line: end } });
    }
  }
  return calls;
}

async function workerMemory(page) {
  return page.evaluate(async () => {
    const result = await performance.measureUserAgentSpecificMemory();
    return result.breakdown
      .filter((entry) => entry.attribution.some((where) => where.scope === 'DedicatedWorkerGlobalScope'))
      .reduce((sum, entry) => sum + entry.bytes, 0);
  });
}

const usage = (page) => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? Number.NaN);

/** Bytes of the records in these IndexedDB stores (JSON length; byte arrays by their length), by store. */
function recordBytes(page, stores) {
  return page.evaluate(
    (names) =>
      new Promise((resolve, reject) => {
        const opened = indexedDB.open('loopscope');
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const db = opened.result;
          const present = names.filter((name) => db.objectStoreNames.contains(name));
          const transaction = db.transaction(present, 'readonly');
          const sizes = {};
          const size = (value) => JSON.stringify(value, (_key, item) => (item instanceof Uint8Array ? '#'.repeat(item.byteLength) : item)).length;
          for (const name of present) {
            sizes[name] = 0;
            transaction.objectStore(name).openCursor().onsuccess = (event) => {
              const cursor = event.target.result;
              if (!cursor) return;
              sizes[name] += size(cursor.value) + size(cursor.primaryKey);
              cursor.continue();
            };
          }
          transaction.oncomplete = () => {
            db.close();
            resolve(sizes);
          };
        };
      }),
    stores,
  );
}
const total = (sizes) => Object.values(sizes).reduce((sum, bytes) => sum + bytes, 0);
const CHECKPOINT_STORES = ['checkpoints', 'manifests', 'blobs', 'prunedCheckpoints'];

const app = await startApp();
const fake = await startFakeGemini({ port: 0 });
const browser = await chromium.launch({
  executablePath: await findChromium(),
  // Eager memory measurement (no wait for a natural GC) and gc() for a settled heap.
  args: [...chromiumArgs, '--enable-blink-features=ForceEagerMeasureMemory', '--js-flags=--expose-gc'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
  await page.addInitScript(pageProbes);
  await openApp(page, app.url);
  await useGemini(page, fake);
  await allowAll(page);

  const lines = Array.from({ length: FILE_LINES }, (_, index) => `line ${index + 1} of a small file`).join('\n');
  fake.setScript({ responses: [reply({ calls: [{ name: 'write_file', args: { file_path: 'a.txt', content: `${lines}\n` } }] }), reply({ text: 'Created a.txt.' })] });
  await sendMessage(page, 'Create a.txt');
  await waitForAgentText(page, 'Created a.txt.');

  console.log(`\n(a) ${ROUND_TRIPS} round-trips in messages of ${PER_MESSAGE}`);
  const memory = [{ roundTrips: 0, bytes: await workerMemory(page) }];
  const storageBefore = await usage(page);
  const recordsBefore = await recordBytes(page, ['history', 'roundTrips']);
  const started = Date.now();
  for (let done = 0; done < ROUND_TRIPS; done += PER_MESSAGE) {
    const count = Math.min(PER_MESSAGE, ROUND_TRIPS - done);
    const finalText = `Batch ${done / PER_MESSAGE + 1} read.`;
    fake.setScript({ responses: [...readCalls(count, done % 2080).map((call) => reply({ calls: [call] })), reply({ text: finalText })] });
    await sendMessage(page, `Read a.txt, batch ${done / PER_MESSAGE + 1}`);
    await waitForAgentText(page, finalText, 600_000);
    const total = done + count;
    if (total % 500 === 0) {
      memory.push({ roundTrips: total, bytes: await workerMemory(page) });
      console.log(`  ${total} round-trips after ${Math.round((Date.now() - started) / 1000)} s; worker memory ${(memory.at(-1).bytes / MiB).toFixed(1)} MiB`);
    }
  }
  const storageAfter = await usage(page);
  const recordsAfter = await recordBytes(page, ['history', 'roundTrips']);
  const first = memory[0];
  const last = memory.at(-1);
  figure('Worker memory at the start', first.bytes / MiB, 'MiB');
  figure(`Worker memory after ${last.roundTrips} round-trips`, last.bytes / MiB, 'MiB');
  figure('Worker memory growth per round-trip', (last.bytes - first.bytes) / Math.max(1, last.roundTrips) / 1024, 'KiB', '≤ 102 (0.1 MiB)');
  figure('IndexedDB bytes per round-trip (storage estimate)', (storageAfter - storageBefore) / ROUND_TRIPS, 'bytes');
  figure('  of which history records', (recordsAfter.history - recordsBefore.history) / ROUND_TRIPS, 'bytes');
  figure('  of which round-trip records (Loop inspector)', (recordsAfter.roundTrips - recordsBefore.roundTrips) / ROUND_TRIPS, 'bytes');

  console.log('\n(c) checkpoints of an unchanged 200-file workspace');
  // The first checkpoint after the files appear stores them (one manifest, 200 contents); the
  // commands measured after it find the workspace unchanged.
  fake.setScript({
    responses: [
      reply({ calls: [{ name: 'run_shell_command', args: { command: 'for i in $(seq 1 200); do echo "file $i" > "f$i.txt"; done' } }] }),
      reply({ calls: [{ name: 'run_shell_command', args: { command: 'echo first > /dev/null' } }] }),
      reply({ text: 'Made 200 files.' }),
    ],
  });
  await sendMessage(page, 'Make 200 files');
  await waitForAgentText(page, 'Made 200 files.');
  const COMMANDS = 20;
  const beforeCheckpoints = await usage(page);
  const checkpointRecordsBefore = await recordBytes(page, CHECKPOINT_STORES);
  fake.setScript({
    responses: [
      ...Array.from({ length: COMMANDS }, (_, index) => reply({ calls: [{ name: 'run_shell_command', args: { command: `echo ${index} > /dev/null` } }] })),
      reply({ text: 'Ran the commands.' }),
    ],
  });
  await sendMessage(page, 'Run commands that change nothing');
  await waitForAgentText(page, 'Ran the commands.');
  const afterCheckpoints = await usage(page);
  const checkpointRecordsAfter = await recordBytes(page, CHECKPOINT_STORES);
  figure('IndexedDB bytes per command with a checkpoint (storage estimate, round-trip included)', (afterCheckpoints - beforeCheckpoints) / COMMANDS, 'bytes');
  figure('Checkpoint records per command, unchanged 200 files', (total(checkpointRecordsAfter) - total(checkpointRecordsBefore)) / COMMANDS, 'bytes', '≤ 1,024');
  for (const store of CHECKPOINT_STORES) {
    const delta = (checkpointRecordsAfter[store] ?? 0) - (checkpointRecordsBefore[store] ?? 0);
    if (delta !== 0) figure(`  of which ${store}`, delta / COMMANDS, 'bytes');
  }

  console.log('\n(d) reopening the session in a new tab');
  await page.close();
  const reopened = await context.newPage();
  await reopened.addInitScript(pageProbes);
  const navigationStart = Date.now();
  await reopened.goto(`${app.url}?sandbox=offline`);
  await waitForAgentText(reopened, 'Ran the commands.', 120_000);
  const shownAfter = Date.now() - navigationStart;
  const loadTasks = await reopened.evaluate(() => window.__bench.longTasks.map((task) => task.duration));
  figure('Reopen: navigation → transcript shows the last answer', shownAfter, 'ms', '≤ 300 after the app is up');
  figure('Reopen: longest main-thread task', Math.max(0, ...loadTasks), 'ms');
  const items = await reopened.locator('[aria-label="Transcript"] > *').count();
  figure('Reopen: transcript elements rendered', items, '');

  // Opening it from another session: the person's click → its last answer on screen.
  await reopened.getByRole('button', { name: 'New session' }).click();
  await reopened.waitForFunction(() => !document.querySelector('[aria-label="Transcript"] article[aria-label="Agent"]'));
  const from = await reopened.evaluate(() => window.__bench.longTasks.length);
  const clickedAt = await reopened.evaluate(() => window.__bench.epoch());
  const shownAt = reopened
    .evaluate(() =>
      window.__bench.when(() => [...document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]')].some((article) => article.textContent?.includes('Ran the commands.')), 60_000),
    )
    .catch(() => Number.NaN);
  await reopened.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: 'Create a.txt', exact: true }).click();
  const openedIn = (await shownAt) - clickedAt;
  const openTasks = await reopened.evaluate((start) => window.__bench.longTasks.slice(start).map((task) => task.duration), from);
  figure('Open from another session: click → last answer on screen', openedIn, 'ms', '≤ 300');
  figure('Open from another session: longest main-thread task', Math.max(0, ...openTasks), 'ms');

  console.log('\n(e) scrolling the transcript from the end to the top');
  const scrollTasks = await reopened.evaluate(async () => {
    const region = document.querySelector('[aria-label="Transcript"]');
    const from = window.__bench.longTasks.length;
    for (let step = 0; step < 2000 && region.scrollTop > 0; step++) {
      region.scrollTop = Math.max(0, region.scrollTop - region.clientHeight);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    return window.__bench.longTasks.slice(from).map((task) => task.duration);
  });
  figure('Scroll to the top: longest main-thread task', Math.max(0, ...scrollTasks), 'ms', '< 50');
  figure('Scroll to the top: long tasks', scrollTasks.length, '');
} finally {
  await browser.close();
  await fake.close();
  app.close();
}
