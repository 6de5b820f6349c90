#!/usr/bin/env node
// Loop overhead benchmark (issue 3), on the built app with the fake Gemini answering at once:
//  (a) 200 round-trips of one read_file each, then a final text: ms per round-trip (from
//      the fake's request arrival times), the same requests sent by a bare worker (the floor)
//      in the same run, the client turnaround (the server's last byte of response k → request
//      k+1 at the server, app and bare worker) and the longest main-thread task during the run;
//  (b) 1 MB of text streamed in 4,000 chunks in one response, three times (each in a new
//      session): time from the server's last byte to the full text in the Transcript, and the
//      longest main-thread task.
// Prints figures; asserts nothing. Run: node e2e/bench/loop-overhead.mjs [--round-trips 200] [--stream-runs 3]
// (--stream-runs 0 skips (b)). LOOPSCOPE_DIST=/tmp/some-build serves another build than dist/.
import {
  argument,
  clockOffset,
  figure,
  median,
  openAppOnGemini,
  quantile,
  recordRequestStarts,
  reply,
  sendMessage,
  startLoopRig,
  waitForAgentText,
} from './lib.mjs';

const ROUND_TRIPS = Number(argument('round-trips', 200));
const STREAM_BYTES = 1024 * 1024;
const STREAM_CHUNKS = 4000;
const STREAM_RUNS = Number(argument('stream-runs', 3));
const FILE_LINES = 20;

/** Distinct (start_line, end_line) pairs, so no two calls are identical (loop detection H1/H3). */
function readCalls(count) {
  const calls = [];
  for (let start = 1; start <= FILE_LINES && calls.length < count; start++) {
    for (let end = start; end <= FILE_LINES && calls.length < count; end++) calls.push({ start_line: start, end_line: end });
  }
  while (calls.length < count) calls.push({ start_line: 1 + (calls.length % FILE_LINES) }); // only past 210 calls
  return calls.map((range) => ({ name: 'read_file', args: { file_path: 'a.txt', ...range } }));
}

/** In the page: when Agent article number `count` holds at least `length` characters (cheap: text node lengths). */
function agentTextLength([count, length]) {
  return window.__bench.when(() => {
    const articles = document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]');
    const last = articles[count - 1];
    if (!last) return false;
    let total = 0;
    const walker = document.createTreeWalker(last, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) total += walker.currentNode.data.length;
    return total >= length;
  }, 600_000);
}

/**
 * Client turnaround as the server sees it: for each k, from the last byte of the answer to
 * request k (`end()` called; a small body is then written to the socket) to request k+1
 * fully read and logged (`logged`, the stamps of `recordRequestArrivals`) or to its headers
 * parsed (`headers`, `recordRequestStarts`). Null when a response end is missing.
 */
function turnarounds(logged, stamps, responseEnds, requestStarts) {
  const endOf = new Map(responseEnds.filter((entry) => entry.headers).map((entry) => [entry.headers, entry.calledAt]));
  const ends = logged.slice(0, -1).map((request) => endOf.get(request.headers) ?? Number.NaN);
  if (!ends.every(Number.isFinite)) return null;
  return {
    logged: ends.map((end, k) => stamps[k + 1] - end),
    headers: ends.map((end, k) => requestStarts.startOf(logged[k + 1].headers) - end),
  };
}

function turnaroundFigures(label, turns) {
  if (!turns) {
    console.log(`    (${label}: no response end times recorded)`);
    return Number.NaN;
  }
  const ms = (value) => value.toFixed(1);
  figure(`${label} turnaround: last byte → next request logged (median)`, median(turns.logged), 'ms');
  figure(`${label} turnaround: p90 / first 20 / last 20 (medians)`, `${ms(quantile(turns.logged, 0.9))} / ${ms(median(turns.logged.slice(0, 20)))} / ${ms(median(turns.logged.slice(-20)))}`, 'ms');
  figure(`${label} turnaround: last byte → next headers (median / p90)`, `${ms(median(turns.headers))} / ${ms(quantile(turns.headers, 0.9))}`, 'ms');
  return median(turns.logged);
}

async function roundTrips(page, fake, arrivals, responseEnds, requestStarts) {
  console.log(`\n(a) ${ROUND_TRIPS} read_file round-trips, then a final text`);
  const lines = Array.from({ length: FILE_LINES }, (_, index) => `line ${index + 1} of a small file`).join('\n');
  fake.setScript({
    responses: [reply({ calls: [{ name: 'write_file', args: { file_path: 'a.txt', content: `${lines}\n` } }] }), reply({ text: 'Created a.txt.' })],
  });
  await sendMessage(page, 'Create a.txt');
  await waitForAgentText(page, 'Created a.txt.');
  // The write opens a.txt in the editor, which loads Monaco (a one-off compile of several
  // hundred ms, measured by the startup benchmark): let it finish before the loop is timed.
  await page.locator('.monaco-editor').first().waitFor();
  await page.evaluate(() => window.__bench.quiet(500));

  const finalText = `Read it ${ROUND_TRIPS} times.`;
  fake.setScript({ responses: [...readCalls(ROUND_TRIPS).map((call) => reply({ calls: [call] })), reply({ text: finalText })] });
  const first = fake.requests().length;
  const offset = await clockOffset(page);
  const shown = page.evaluate(() =>
    window.__bench.when(() => [...document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]')].some((article) => article.textContent?.includes('times.')), 600_000),
  );
  const sentAt = await sendMessage(page, 'Read a.txt in many ranges');
  const doneAt = await shown;
  await waitForAgentText(page, finalText);

  const requests = fake.requests().length - first;
  const cards = await page.locator('[aria-label="Transcript"] article.tool-card').evaluateAll((nodes) =>
    nodes.filter((node) => node.getAttribute('aria-label')?.startsWith('read_file')).map((node) => node.querySelector('[data-status]')?.getAttribute('data-status')),
  );
  console.log(`    model requests: ${requests} (expected ${ROUND_TRIPS + 1}); read_file cards: ${cards.length}, succeeded: ${cards.filter((status) => status === 'success').length}`);
  const total = doneAt - sentAt;
  figure('send → final text shown (total)', total, 'ms');
  const stamps = arrivals.live() ? arrivals.stamps.slice(first, first + requests) : [];
  let perRoundTrip = Number.NaN;
  let turnaround = Number.NaN;
  if (stamps.length === ROUND_TRIPS + 1) {
    const gaps = stamps.slice(1).map((at, index) => at - stamps[index]);
    perRoundTrip = median(gaps);
    figure('per round-trip: request → next request (median)', perRoundTrip, 'ms', '≤ 10');
    figure('per round-trip: 90th percentile', quantile(gaps, 0.9), 'ms');
    // Growth from the first to the last round-trips points at work proportional to history.
    figure('per round-trip: first 20 (median)', median(gaps.slice(0, 20)), 'ms');
    figure('per round-trip: last 20 (median)', median(gaps.slice(-20)), 'ms');
    figure('first round-trip: send → first model request', stamps[0] - (sentAt - offset), 'ms');
    turnaround = turnaroundFigures('app', turnarounds(fake.requests().slice(first, first + requests), stamps, responseEnds, requestStarts));
  } else {
    console.log('    (no per-request arrival times from the fake server; using total / round-trips)');
  }
  figure('per round-trip: total / round-trips', total / ROUND_TRIPS, 'ms', '≤ 10');
  await longTaskFigures(page, 'during the round-trips', sentAt, doneAt);
  const bodies = fake.requests().slice(first, first + requests).map((request) => JSON.stringify(request.body));
  const floor = await bareRoundTripFloor(page, fake, arrivals, bodies, responseEnds, requestStarts);
  figure('per round-trip minus the bare worker floor (medians)', perRoundTrip - floor.perRoundTrip, 'ms');
  // Issue 23's Measure section, on one line per run.
  console.log('\n  summary (medians, ms): per round-trip | bare worker floor, same run | difference | app turnaround | floor turnaround');
  const cell = (value) => (Number.isFinite(value) ? value.toFixed(1) : '?');
  console.log(`    ${[perRoundTrip, floor.perRoundTrip, perRoundTrip - floor.perRoundTrip, turnaround, floor.turnaround].map(cell).join(' | ')}`);
}

/**
 * The app's requests (the same bodies, which grow with the history) sent again one after
 * another by a worker that does nothing else (no SDK, no tools, no storage), each answered
 * as before: what this machine's network path alone costs those round-trips.
 */
async function bareRoundTripFloor(page, fake, arrivals, bodies, responseEnds, requestStarts) {
  const count = bodies.length - 1;
  fake.setScript({ responses: readCalls(count).map((call) => reply({ calls: [call] })) });
  const first = fake.requests().length;
  const url = `${fake.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`;
  await page.evaluate(
    async ([target, sent]) => {
      const source = `onmessage = async (event) => {
        const [target, sent] = event.data;
        for (const body of sent) {
          const response = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': 'bench' }, body });
          await response.text();
        }
        postMessage('done');
      };`;
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      await new Promise((resolve) => {
        worker.onmessage = resolve;
        worker.postMessage([target, sent]);
      });
      worker.terminate();
    },
    [url, bodies.slice(0, count)],
  );
  const stamps = arrivals.live() ? arrivals.stamps.slice(first, first + count) : [];
  if (stamps.length !== count) return { perRoundTrip: Number.NaN, turnaround: Number.NaN };
  const gaps = stamps.slice(1).map((at, index) => at - stamps[index]);
  figure('floor: the same requests by a bare worker (median)', median(gaps), 'ms');
  figure('floor: first 20 / last 20 (median)', `${median(gaps.slice(0, 20)).toFixed(1)} / ${median(gaps.slice(-20)).toFixed(1)}`, 'ms');
  const turnaround = turnaroundFigures('floor', turnarounds(fake.requests().slice(first, first + count), stamps, responseEnds, requestStarts));
  return { perRoundTrip: median(gaps), turnaround };
}

async function longTaskFigures(page, during, from, to) {
  const tasks = await page.evaluate(([start, end]) => window.__bench.longTasks.filter((task) => task.start + task.duration >= start && task.start <= end), [from, to]);
  figure(`longest main-thread task ${during}`, tasks.reduce((most, task) => Math.max(most, task.duration), 0), 'ms', '< 50');
  figure(`main-thread tasks ≥ 50 ms ${during}: count / total`, `${tasks.length} / ${Math.round(tasks.reduce((sum, task) => sum + task.duration, 0))}`, 'ms');
}

/** Letters, digits and spaces only, so markdown renders it as one paragraph of the same text. */
function streamText() {
  const words = [];
  let length = 0;
  for (let index = 0; length < STREAM_BYTES; index++) {
    const word = `w${((index * 7919) % 100_003).toString(36)}`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, STREAM_BYTES).trimEnd();
}

/** One streamed response; its times in the page's clock, or null when the server's end was not recorded. */
async function streamOnce(page, fake, responseEnds, chunks, text) {
  // A session of its own: three megabytes in one history would reach the compression threshold.
  await page.getByRole('button', { name: 'New session', exact: true }).click();
  await page.getByText('Ask the agent to build or fix something.').waitFor();
  fake.setScript({ responses: [{ chunks }] });
  const offset = await clockOffset(page);
  const count = await page.locator('[aria-label="Transcript"] article[aria-label="Agent"]').count();
  const fullShown = page.evaluate(agentTextLength, [count + 1, text.length]);
  const endsBefore = responseEnds.length;
  const sentAt = await sendMessage(page, `Stream a long text (${count + 1})`);
  const shownAt = await fullShown;
  const settledAt = await page.evaluate(
    (index) =>
      window.__bench.when(() => document.querySelectorAll('[aria-label="Transcript"] article[aria-label="Agent"]')[index]?.getAttribute('aria-busy') === 'false', 600_000),
    count,
  );
  await waitForAgentText(page, text.slice(-40));
  const streamEnd = responseEnds.slice(endsBefore).find((entry) => entry.url.includes('streamGenerateContent'));
  const tasks = await page.evaluate(([start, end]) => window.__bench.longTasks.filter((task) => task.start + task.duration >= start && task.start <= end), [sentAt, Math.max(shownAt, settledAt)]);
  return {
    // In the page's clock; 1 MB outgrows the socket buffer, so `finish`.
    lastByte: streamEnd ? streamEnd.finishedAt + offset : Number.NaN,
    sentAt,
    shownAt,
    settledAt,
    longestTask: tasks.reduce((most, task) => Math.max(most, task.duration), 0),
    longTasks: tasks.length,
  };
}

async function streaming(page, fake, responseEnds) {
  console.log(`\n(b) ${(STREAM_BYTES / 1024).toFixed(0)} KB of text in ${STREAM_CHUNKS} chunks, one response, ${STREAM_RUNS} times, each in a new session (medians)`);
  const runs = [];
  let chunks = [];
  for (let run = 0; run < STREAM_RUNS; run++) {
    // Each run ends differently, so waiting for one run's end never matches an earlier one.
    const text = `${streamText().slice(0, STREAM_BYTES - 12)} run${run + 1}end`;
    const size = Math.ceil(text.length / STREAM_CHUNKS);
    chunks = Array.from({ length: STREAM_CHUNKS }, (_, index) => ({ text: text.slice(index * size, (index + 1) * size) }));
    chunks[chunks.length - 1].finishReason = 'STOP';
    runs.push(await streamOnce(page, fake, responseEnds, chunks, text));
  }
  const row = (name, values, target = '') => {
    figure(name, median(values.filter(Number.isFinite)), 'ms', target);
    console.log(`      runs: ${values.map((value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '?')).join(', ')}`);
  };
  if (runs.every((run) => Number.isFinite(run.lastByte))) {
    row('send → server sent its last byte', runs.map((run) => run.lastByte - run.sentAt));
    row('last byte sent → full text in the Transcript', runs.map((run) => run.shownAt - run.lastByte), '≤ 100');
    row('last byte sent → streaming finished (aria-busy false)', runs.map((run) => run.settledAt - run.lastByte));
  } else {
    console.log('    (no server response time recorded)');
  }
  row('send → full text in the Transcript', runs.map((run) => run.shownAt - run.sentAt));
  figure('longest main-thread task while streaming (all runs)', Math.max(...runs.map((run) => run.longestTask)), 'ms', '< 50');
  figure('main-thread tasks ≥ 50 ms while streaming (all runs)', runs.reduce((sum, run) => sum + run.longTasks, 0), '');
  await bareWorkerFloor(page, fake, responseEnds, chunks);
}

/**
 * The same response read by a worker that does nothing else (no SDK, no agent, no page
 * updates): how long this machine's network path alone takes from the server's last byte to
 * the last read. The figure above cannot be lower than this.
 */
async function bareWorkerFloor(page, fake, responseEnds, chunks) {
  const url = `${fake.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`;
  const gaps = [];
  for (let run = 0; run < 3; run++) {
    fake.setScript({ responses: [{ chunks }] });
    const offset = await clockOffset(page);
    const endsBefore = responseEnds.length;
    const lastRead = await page.evaluate(async (target) => {
      const source = `onmessage = async (event) => {
        const response = await fetch(event.data, { method: 'POST', headers: { 'content-type': 'application/json', 'x-goog-api-key': 'bench' }, body: '{"contents":[{"role":"user","parts":[{"text":"floor"}]}]}' });
        const reader = response.body.getReader();
        let last = 0;
        for (;;) { const read = await reader.read(); if (read.done) break; last = performance.timeOrigin + performance.now(); }
        postMessage(last);
      };`;
      const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
      const last = await new Promise((resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.postMessage(target);
      });
      worker.terminate();
      return last;
    }, url);
    const end = responseEnds.slice(endsBefore).find((entry) => entry.url.includes('streamGenerateContent'));
    if (end) gaps.push(lastRead - (end.finishedAt + offset));
  }
  if (gaps.length > 0) figure('floor: last byte sent → last byte read by a bare worker (median of 3)', median(gaps), 'ms');
}

const requestStarts = recordRequestStarts();
const { fake, arrivals, responseEnds, stopRecording, app, browser } = await startLoopRig();
try {
  console.log('Loop overhead benchmark (issue 3)');
  const page = await openAppOnGemini(browser, app.url, fake);
  if (await page.evaluate(() => window.__bench.longTasksUnsupported)) console.log('    (this Chromium has no longtask entries: task figures read 0)');
  await roundTrips(page, fake, arrivals, responseEnds, requestStarts);
  if (STREAM_RUNS > 0) await streaming(page, fake, responseEnds);
  await page.context().close();
} finally {
  stopRecording();
  requestStarts.stop();
  await browser.close();
  app.close();
  await fake.close();
}
