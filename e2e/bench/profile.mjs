#!/usr/bin/env node
// Where the time goes: runs one scenario of the loop-overhead benchmark under a Chromium trace
// with the V8 sampling profiler, then prints, per thread (page, agent worker), the busy and
// idle share of the window and the functions with the most self time. A tool for finding
// the next optimisation, not a benchmark: sampling adds overhead, so read shares, not totals.
// Run: node e2e/bench/profile.mjs [--scenario round-trips|stream] [--round-trips 50] [--top 25] [--trace out.json]
//      [--after-round-trips N] (stream: first N round-trips, untraced, so the transcript is long)
import { writeFileSync } from 'node:fs';
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { argument, launchBrowser, openAppOnGemini, reply, sendMessage, startApp, waitForAgentText } from './lib.mjs';

const scenario = argument('scenario', 'round-trips');
const ROUND_TRIPS = Number(argument('round-trips', 50));
const TOP = Number(argument('top', 25));
const traceFile = argument('trace', '');
const AFTER_ROUND_TRIPS = Number(argument('after-round-trips', 0));

const SAMPLER = 'disabled-by-default-v8.cpu_profiler';
// --no-sampler: the timeline alone (tasks, timers, network and postMessage events), which costs
// far less than sampling, for wall-clock times; --categories a,b adds trace categories (e.g. IndexedDB).
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', SAMPLER, 'blink.user_timing', ...argument('categories', '').split(',').filter(Boolean)].filter(
  (category) => category !== SAMPLER || !process.argv.includes('--no-sampler'),
);

async function runRoundTrips(page, fake, count = ROUND_TRIPS) {
  const lines = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n');
  fake.setScript({ responses: [reply({ calls: [{ name: 'write_file', args: { file_path: 'a.txt', content: `${lines}\n` } }] }), reply({ text: 'Created.' })] });
  await sendMessage(page, 'Create a.txt');
  await waitForAgentText(page, 'Created.');
  // Distinct ranges, so loop detection never fires.
  const ranges = [];
  for (let start = 1; start <= 20; start++) for (let end = start; end <= 20; end++) ranges.push({ start_line: start, end_line: end });
  const calls = ranges.slice(0, count).map((range) => reply({ calls: [{ name: 'read_file', args: { file_path: 'a.txt', ...range } }] }));
  fake.setScript({ responses: [...calls, reply({ text: 'Read many times.' })] });
  return async () => {
    await sendMessage(page, 'Read a.txt many times');
    await waitForAgentText(page, 'Read many times.');
  };
}

async function runStream(page, fake) {
  if (AFTER_ROUND_TRIPS > 0) await (await runRoundTrips(page, fake, AFTER_ROUND_TRIPS))();
  const text = Array.from({ length: 120_000 }, (_, index) => `w${index.toString(36)}`).join(' ').slice(0, 1024 * 1024);
  const size = Math.ceil(text.length / 4000);
  const chunks = Array.from({ length: 4000 }, (_, index) => ({ text: text.slice(index * size, (index + 1) * size) }));
  chunks[chunks.length - 1].finishReason = 'STOP';
  fake.setScript({ responses: [{ chunks }] });
  return async () => {
    await sendMessage(page, 'Stream a long text');
    await waitForAgentText(page, text.slice(-30), 300_000);
  };
}

/** Self time per function and busy/idle per thread, from the trace's ProfileChunk events. */
function summarize(events) {
  const threadNames = new Map();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
  const profiles = new Map();
  for (const event of events) {
    if (event.name !== 'ProfileChunk' && event.name !== 'Profile') continue;
    const key = `${event.pid}:${event.id}`;
    const profile = profiles.get(key) ?? { thread: `${event.pid}:${event.tid}`, nodes: new Map(), samples: [], deltas: [] };
    profiles.set(key, profile);
    const data = event.args?.data;
    if (event.name === 'Profile') profile.thread = `${event.pid}:${event.tid}`;
    for (const node of data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
    profile.samples.push(...(data?.cpuProfile?.samples ?? []));
    profile.deltas.push(...(data?.timeDeltas ?? []));
  }
  for (const profile of profiles.values()) {
    const selfMs = new Map();
    let total = 0;
    for (let index = 0; index < profile.samples.length; index++) {
      const node = profile.nodes.get(profile.samples[index]);
      const ms = (profile.deltas[index + 1] ?? 0) / 1000;
      if (!node) continue;
      const frame = node.callFrame;
      const url = (frame.url ?? '').replace(/^.*\/assets\//, '');
      const name = `${frame.functionName || '(anonymous)'} ${url ? `${url}:${frame.lineNumber + 1}:${frame.columnNumber + 1}` : ''}`.trim();
      selfMs.set(name, (selfMs.get(name) ?? 0) + ms);
      total += ms;
    }
    if (total < 50) continue;
    const idle = selfMs.get('(idle)') ?? 0;
    console.log(`\n== ${threadNames.get(profile.thread) ?? profile.thread}: ${total.toFixed(0)} ms sampled, idle ${((idle / total) * 100).toFixed(0)}%`);
    for (const [name, ms] of [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`  ${ms.toFixed(1).padStart(8)} ms  ${((ms / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
    }
  }
}

/** Main-thread time in the rendering steps (trace events), which the sampler shows only as "(program)". */
function renderingSteps(events) {
  const threadNames = new Map();
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') threadNames.set(`${event.pid}:${event.tid}`, event.args.name);
  const steps = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'IntersectionObserverController::computeIntersections', 'FunctionCall', 'HandlePostMessage'];
  const totals = new Map(steps.map((step) => [step, { count: 0, ms: 0 }]));
  for (const event of events) {
    if (event.ph !== 'X' || threadNames.get(`${event.pid}:${event.tid}`) !== 'CrRendererMain') continue;
    const total = totals.get(event.name);
    if (!total) continue;
    total.count += 1;
    total.ms += (event.dur ?? 0) / 1000;
  }
  console.log('\n== CrRendererMain by step (trace events; nested steps overlap)');
  for (const [step, { count, ms }] of totals) console.log(`  ${ms.toFixed(0).padStart(8)} ms  ${String(count).padStart(6)}×  ${step}`);
}

const fake = await startFakeGemini({ port: 0 });
const app = await startApp();
const browser = await launchBrowser();
try {
  const page = await openAppOnGemini(browser, app.url, fake);
  const run = scenario === 'stream' ? await runStream(page, fake) : await runRoundTrips(page, fake);
  await browser.startTracing(page, { categories: CATEGORIES });
  const started = Date.now();
  await run();
  const elapsed = Date.now() - started;
  const buffer = await browser.stopTracing();
  if (traceFile) writeFileSync(traceFile, buffer);
  console.log(`Scenario ${scenario}: ${elapsed} ms under the profiler`);
  const events = JSON.parse(buffer.toString()).traceEvents;
  summarize(events);
  renderingSteps(events);
} finally {
  await browser.close();
  app.close();
  await fake.close();
}
