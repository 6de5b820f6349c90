#!/usr/bin/env node
// Where one read_file round-trip's time goes, in wall-clock time and without a profiler
// (issue 23): loop-overhead.mjs's scenario (a), with the agent worker's `fetch`, stream reads,
// IndexedDB transactions and calls, postMessage, BroadcastChannel and setTimeout(0) wrapped
// from outside (Playwright's worker.evaluate, after the app has started; nothing in src/ is
// changed). For each k it splits the client turnaround (server's last byte of response k →
// request k+1 at the server) into its steps along the loop's path:
//   1 server end() → the worker has read the body's end        (network, wake-up)
//   2 → the history commit starts                               (reply parsed, read_file, events)
//   3 the commit (model turn and function response together:    (IndexedDB; the next request is
//     the call only reads), first request → complete event       built meanwhile)
//   4 → fetch() called                                          (the rest of the request, SDK)
//   5 fetch() itself (synchronous part)
//   6 fetch() returned → the request logged at the server       (network)
// and prints the median of each, and the timeline of one median round-trip. The wrappers cost
// a little (a few µs a call), so compare the total with loop-overhead.mjs's turnaround.
// A transaction is seen at its first objectStore() call (Dexie binds db.transaction at open);
// its complete event is stamped before the handler that runs the loop on.
// Prints figures; asserts nothing. Run: node e2e/bench/round-trip-spans.mjs [--round-trips 200] [--timeline]
import { argument, figure, median, openAppOnGemini, reply, sendMessage, startLoopRig, waitForAgentText } from './lib.mjs';

const ROUND_TRIPS = Number(argument('round-trips', 200));
const FILE_LINES = 20;

/** Runs in the agent worker: wraps the platform calls the loop goes through and logs them on self.__spans. */
function installWrappers() {
  const now = () => performance.timeOrigin + performance.now();
  const log = (self.__spans = { fetches: [], reads: [], tx: [], timers: [], sync: [] });
  const timed = (name, original) =>
    function wrapped(...args) {
      const start = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        log.sync.push([now(), name, performance.now() - start]);
      }
    };
  const fetch = self.fetch;
  self.fetch = function wrappedFetch(input, init) {
    const entry = { start: now(), bodyKB: typeof init?.body === 'string' ? init.body.length / 1024 : 0 };
    log.fetches.push(entry);
    const promise = fetch.call(this, input, init);
    entry.returned = now();
    promise.then(
      () => (entry.headers = now()),
      () => {},
    );
    return promise;
  };
  const read = ReadableStreamDefaultReader.prototype.read;
  ReadableStreamDefaultReader.prototype.read = function wrappedRead() {
    return read.call(this).then((result) => {
      if (result.done) log.reads.push(now());
      return result;
    });
  };
  const completedAt = new WeakMap();
  const handler = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'oncomplete');
  Object.defineProperty(IDBTransaction.prototype, 'oncomplete', {
    configurable: true,
    get() {
      return handler.get.call(this);
    },
    set(listener) {
      handler.set.call(
        this,
        typeof listener === 'function'
          ? function stamped(event) {
              completedAt.set(this, now());
              return listener.call(this, event);
            }
          : listener,
      );
    },
  });
  const seen = new WeakSet();
  const objectStore = IDBTransaction.prototype.objectStore;
  IDBTransaction.prototype.objectStore = function wrappedObjectStore(name) {
    if (!seen.has(this)) {
      seen.add(this);
      const entry = { start: now(), stores: [...this.objectStoreNames].join(','), mode: this.mode };
      log.tx.push(entry);
      const end = () => {
        entry.afterHandlers = now();
        entry.end = completedAt.get(this) ?? entry.afterHandlers;
      };
      this.addEventListener('complete', end);
      this.addEventListener('abort', end);
    }
    return objectStore.call(this, name);
  };
  for (const method of ['put', 'add', 'get', 'getAll', 'getAllKeys', 'delete', 'count', 'openCursor']) {
    if (IDBObjectStore.prototype[method]) IDBObjectStore.prototype[method] = timed(`IDB ${method}()`, IDBObjectStore.prototype[method]);
  }
  self.postMessage = timed('postMessage to the page', self.postMessage);
  BroadcastChannel.prototype.postMessage = timed('BroadcastChannel.postMessage (Dexie)', BroadcastChannel.prototype.postMessage);
  const setTimeout = self.setTimeout;
  self.setTimeout = function wrappedSetTimeout(callback, ms, ...rest) {
    if (typeof callback !== 'function' || (ms ?? 0) > 0) return setTimeout.call(this, callback, ms, ...rest);
    const entry = { set: now() };
    log.timers.push(entry);
    return setTimeout.call(
      this,
      (...args) => {
        entry.fired = now();
        return callback(...args);
      },
      ms,
      ...rest,
    );
  };
}

function readCalls(count) {
  const calls = [];
  for (let start = 1; start <= FILE_LINES && calls.length < count; start++) {
    for (let end = start; end <= FILE_LINES && calls.length < count; end++) calls.push({ start_line: start, end_line: end });
  }
  while (calls.length < count) calls.push({ start_line: 1 + (calls.length % FILE_LINES) });
  return calls.map((range) => ({ name: 'read_file', args: { file_path: 'a.txt', ...range } }));
}

// A reply whose calls only read is stored with their results: one history commit per round
// trip of this bench (the model turn and the function response together), written while the
// next request is built; the request waits for it.
const STEPS = [
  '1 server end() → worker read the body end',
  '2 → the history commit starts (reply parsed, read_file, events)',
  '3 the commit (model turn and function response) in IndexedDB',
  '4 → fetch() called (what is left of building the request, SDK)',
  '5 fetch() call itself (synchronous)',
  '6 fetch() returned → request at the server',
];

function analyse(spans, stamps, ends, showTimeline) {
  const { fetches, reads, tx } = spans;
  const commits = tx.filter((entry) => entry.mode === 'readwrite' && entry.stores.split(',').includes('history'));
  const rows = STEPS.map(() => []);
  const turnarounds = [];
  const records = [];
  let unusual = 0;
  for (let k = 0; k + 1 < fetches.length && k < reads.length; k++) {
    const bodyEnd = reads[k];
    const next = fetches[k + 1];
    const [one, ...more] = commits.filter((entry) => entry.start >= bodyEnd && entry.start < next.start);
    if (!one || more.length > 0 || !one.end) {
      unusual += 1;
      continue;
    }
    [bodyEnd - ends[k], one.start - bodyEnd, one.end - one.start, next.start - one.end, next.returned - next.start, stamps[k + 1] - next.returned].forEach((value, index) => rows[index].push(value));
    turnarounds.push(stamps[k + 1] - ends[k]);
    for (const entry of tx) if (entry.end && entry.start >= bodyEnd && entry.start < next.start && !commits.includes(entry)) records.push(entry.end - entry.start);
  }
  if (unusual) console.log(`    (${unusual} round-trips without exactly one history commit left out)`);
  STEPS.forEach((step, index) => figure(`step ${step} (median)`, median(rows[index]), 'ms'));
  figure('sum of the step medians', rows.reduce((sum, values) => sum + median(values), 0), 'ms');
  figure('client turnaround, the same round-trips (median)', median(turnarounds), 'ms');
  const inWindows = (list, at) => list.filter((item) => reads.some((bodyEnd, k) => fetches[k + 1] && at(item) >= bodyEnd && at(item) < fetches[k + 1].start));
  const n = turnarounds.length || 1;
  console.log(
    `    per round-trip, besides: ${(tx.length / fetches.length).toFixed(1)} IndexedDB transactions (the other ones: inspector records, not awaited; open ${median(records).toFixed(1)} ms median), ` +
      `${(spans.timers.length / fetches.length).toFixed(1)} setTimeout(0) hops (set → fired ${median(spans.timers.filter((timer) => timer.fired).map((timer) => timer.fired - timer.set)).toFixed(2)} ms median), ` +
      `request body ${median(fetches.map((entry) => entry.bodyKB)).toFixed(0)} KB median`,
  );
  const sync = new Map();
  for (const [, name, ms] of inWindows(spans.sync, (item) => item[0])) sync.set(name, (sync.get(name) ?? 0) + ms);
  console.log(`    synchronous time in the turnaround, mean per round-trip: ${[...sync].map(([name, ms]) => `${name} ${(ms / n).toFixed(2)} ms`).join(', ')}`);
  if (!showTimeline) return;
  const gaps = reads.slice(0, fetches.length - 1).map((bodyEnd, k) => fetches[k + 1].start - bodyEnd);
  const middle = median(gaps);
  const k = gaps.reduce((best, gap, index) => (Math.abs(gap - middle) < Math.abs(gaps[best] - middle) ? index : best), 0);
  const zero = reads[k];
  const until = fetches[k + 1].returned;
  const lines = [
    [ends[k] - zero, 'server: response end()'],
    [0, 'worker: body end read'],
    [fetches[k + 1].start - zero, 'fetch() called'],
    [fetches[k + 1].returned - zero, 'fetch() returned'],
    [stamps[k + 1] - zero, 'server: request logged'],
  ];
  tx.forEach((entry, index) => {
    if (!entry.end || entry.end < zero || entry.start > until) return;
    lines.push([entry.start - zero, `transaction #${index} starts: ${entry.mode} [${entry.stores}]`]);
    lines.push([entry.end - zero, `transaction #${index} complete (${(entry.end - entry.start).toFixed(2)} ms; its handlers and the promise jobs after them: ${(entry.afterHandlers - entry.end).toFixed(2)} ms)`]);
  });
  for (const timer of spans.timers) if (timer.set >= zero && timer.set < until) lines.push([timer.set - zero, `setTimeout(0) set (fired after ${(timer.fired - timer.set).toFixed(2)} ms)`]);
  for (const [at, name, ms] of spans.sync) if (at >= zero && at < until && ms >= 0.05) lines.push([at - ms - zero, `${name}: ${ms.toFixed(2)} ms`]);
  console.log(`\n  round-trip ${k + 1} (worker: body end → fetch ${gaps[k].toFixed(2)} ms, the median), ms from the worker's body end:`);
  for (const [at, what] of lines.sort((a, b) => a[0] - b[0])) console.log(`    ${at.toFixed(2).padStart(7)}  ${what}`);
}

const { fake, arrivals, responseEnds, stopRecording, app, browser } = await startLoopRig();
try {
  console.log(`Round-trip spans (issue 23): ${ROUND_TRIPS} read_file round-trips, the agent worker's calls wrapped`);
  const page = await openAppOnGemini(browser, app.url, fake);
  const lines = Array.from({ length: FILE_LINES }, (_, index) => `line ${index + 1} of a small file`).join('\n');
  fake.setScript({ responses: [reply({ calls: [{ name: 'write_file', args: { file_path: 'a.txt', content: `${lines}\n` } }] }), reply({ text: 'Created a.txt.' })] });
  await sendMessage(page, 'Create a.txt');
  await waitForAgentText(page, 'Created a.txt.');
  await page.locator('.monaco-editor').first().waitFor();
  await page.evaluate(() => window.__bench.quiet(500));
  const worker = page.workers().find((candidate) => candidate.url().includes('agent.worker'));
  if (!worker) throw new Error('No agent worker found');
  await worker.evaluate(installWrappers);

  const finalText = `Read it ${ROUND_TRIPS} times.`;
  fake.setScript({ responses: [...readCalls(ROUND_TRIPS).map((call) => reply({ calls: [call] })), reply({ text: finalText })] });
  const first = fake.requests().length;
  await sendMessage(page, 'Read a.txt in many ranges');
  await waitForAgentText(page, finalText);
  await page.waitForTimeout(300); // the last transactions' complete events
  const logged = fake.requests().slice(first, first + ROUND_TRIPS + 1);
  const stamps = arrivals.stamps.slice(first, first + ROUND_TRIPS + 1);
  const endOf = new Map(responseEnds.filter((entry) => entry.headers).map((entry) => [entry.headers, entry.calledAt]));
  const spans = await worker.evaluate(() => self.__spans); console.log(JSON.stringify((await worker.evaluate(() => self.__dbg)).slice(-60)));
  if (logged.length !== ROUND_TRIPS + 1 || spans.fetches.length !== ROUND_TRIPS + 1) {
    console.log(`    expected ${ROUND_TRIPS + 1} requests; the server logged ${logged.length}, the worker made ${spans.fetches.length}`);
  } else {
    analyse(
      spans,
      stamps,
      logged.map((request) => endOf.get(request.headers) ?? Number.NaN),
      process.argv.includes('--timeline'),
    );
  }
  await page.context().close();
} finally {
  stopRecording();
  await browser.close();
  app.close();
  await fake.close();
}
