#!/usr/bin/env node
// Gemini CLI's client turnaround, for comparison with loop-overhead.mjs (issue 23): the CLI
// runs headless (`-p`, tools auto-approved) against the fake Gemini server, which answers 200
// times with a functionCall `read_file` of a small file (distinct line ranges, as the app's
// bench) and then a final text. For each k, the server sees the last byte of response k and
// then request k+1: their distance is the turnaround (median and p90), as loop-overhead.mjs
// prints it for the app.
//
// The CLI is not a dependency of this repository: pass the path of its `bundle/gemini.js`
// (--cli, or GEMINI_CLI_JS), or --install to `npm install @google/gemini-cli@<--cli-version>`
// into a temporary folder first (needs the npm registry; nothing else is fetched).
// The CLI runs with a private HOME whose settings choose the API-key auth, turn off its LLM
// loop check (one extra model request every few turns after 30), telemetry and update checks;
// `-m gemini-2.5-flash` skips its model router (a classifier request per prompt). Env:
// GEMINI_CLI_NO_RELAUNCH=true, GEMINI_API_KEY=fake, GOOGLE_GEMINI_BASE_URL=<the fake>.
// Prints figures; asserts nothing.
// Run: node e2e/bench/gemini-cli-turnaround.mjs (--cli path/to/bundle/gemini.js | --install) [--cli-version 0.61.0] [--round-trips 200] [--runs 3]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { argument, figure, median, quantile, recordRequestArrivals, recordRequestStarts, recordResponseEnds, reply } from './lib.mjs';

const ROUND_TRIPS = Number(argument('round-trips', 200));
const RUNS = Number(argument('runs', 3));
const VERSION = argument('cli-version', '0.61.0');
const FILE_LINES = 20;

function findCli() {
  const given = argument('cli', process.env.GEMINI_CLI_JS);
  if (given) return { cli: given, cleanup: () => {} };
  if (!process.argv.includes('--install')) {
    console.log('Pass --cli path/to/@google/gemini-cli/bundle/gemini.js (or GEMINI_CLI_JS), or --install to npm-install it into a temporary folder.');
    process.exit(2);
  }
  const folder = mkdtempSync(join(tmpdir(), 'gemini-cli-'));
  console.log(`Installing @google/gemini-cli@${VERSION} into ${folder}…`);
  execFileSync('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel', 'error', `@google/gemini-cli@${VERSION}`], { stdio: 'inherit' });
  return { cli: join(folder, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'), cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Distinct (start_line, end_line) pairs, as loop-overhead.mjs (no two calls identical). */
function readCalls(path, count) {
  const calls = [];
  for (let start = 1; start <= FILE_LINES && calls.length < count; start++) {
    for (let end = start; end <= FILE_LINES && calls.length < count; end++) calls.push({ start_line: start, end_line: end });
  }
  while (calls.length < count) calls.push({ start_line: 1 + (calls.length % FILE_LINES) });
  return calls.map((range) => ({ name: 'read_file', args: { file_path: path, ...range } }));
}

/** The text of every functionResponse in a request body. */
function functionResponses(body) {
  const out = [];
  for (const content of body?.contents ?? []) for (const part of content.parts ?? []) if (part.functionResponse) out.push(JSON.stringify(part.functionResponse.response ?? {}));
  return out;
}

async function runOnce(cli, fake, arrivals, responseEnds, requestStarts) {
  const folder = mkdtempSync(join(tmpdir(), 'gemini-cli-run-'));
  const home = join(folder, 'home');
  const work = join(folder, 'work');
  mkdirSync(join(home, '.gemini'), { recursive: true });
  mkdirSync(work);
  writeFileSync(
    join(home, '.gemini', 'settings.json'),
    JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      model: { disableLoopDetection: true },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    }),
  );
  const file = join(work, 'a.txt');
  writeFileSync(file, `${Array.from({ length: FILE_LINES }, (_, index) => `line ${index + 1} of a small file`).join('\n')}\n`);
  const finalText = `Read it ${ROUND_TRIPS} times.`;
  fake.setScript({ responses: [...readCalls(file, ROUND_TRIPS).map((call) => reply({ calls: [call] })), reply({ text: finalText })], fallback: reply({ text: '(fallback)' }) });
  const first = fake.requests().length;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [cli, '-p', 'Read a.txt in many ranges', '--approval-mode', 'yolo', '--skip-trust', '-m', 'gemini-2.5-flash', '-o', 'text'], {
    cwd: work,
    env: { ...process.env, HOME: home, GEMINI_CLI_NO_RELAUNCH: 'true', GEMINI_API_KEY: 'fake', GOOGLE_GEMINI_BASE_URL: fake.url, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (data) => (stdout += data));
  child.stderr.on('data', (data) => (stderr += data));
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const elapsed = performance.now() - startedAt;
  rmSync(folder, { recursive: true, force: true });

  const all = fake.requests().slice(first);
  const stamps = arrivals.live() ? arrivals.stamps.slice(first, first + all.length) : [];
  const streamIndexes = all.map((request, index) => (request.stream ? index : -1)).filter((index) => index >= 0);
  const responses = functionResponses(all.at(-1)?.body);
  console.log(
    `    exit ${code}, ${Math.round(elapsed)} ms in all (start-up included); model requests: ${all.length} (${streamIndexes.length} streamed; expected ${ROUND_TRIPS + 1}); ` +
      `function responses in the last request: ${responses.length}, holding the file's lines: ${responses.filter((text) => text.includes('of a small file')).length}; final text printed: ${stdout.includes(finalText)}`,
  );
  if (code !== 0 || !stdout.includes(finalText)) console.log(`    stderr (end): ${stderr.slice(-800)}`);
  if (stamps.length !== all.length || streamIndexes.length < 2) return null;
  const endOf = new Map(responseEnds.filter((entry) => entry.headers).map((entry) => [entry.headers, entry.calledAt]));
  const gaps = [];
  const turns = [];
  const toHeaders = [];
  let skipped = 0;
  for (let index = 0; index + 1 < streamIndexes.length; index++) {
    const [k, next] = [streamIndexes[index], streamIndexes[index + 1]];
    // Another request in between (a model request the CLI makes for itself) is not a turnaround.
    if (next !== k + 1) {
      skipped += 1;
      continue;
    }
    gaps.push(stamps[next] - stamps[k]);
    turns.push(stamps[next] - (endOf.get(all[k].headers) ?? Number.NaN));
    toHeaders.push(requestStarts.startOf(all[next].headers) - (endOf.get(all[k].headers) ?? Number.NaN));
  }
  const bodies = streamIndexes.map((index) => JSON.stringify(all[index].body).length / 1024);
  console.log(`    request bodies: ${bodies[0].toFixed(0)} KB first, ${bodies.at(-1).toFixed(0)} KB last${skipped ? `; ${skipped} gaps with another request in between left out` : ''}`);
  const ms = (value) => value.toFixed(1);
  figure('Gemini CLI per round-trip: request → next request (median)', median(gaps), 'ms');
  figure('Gemini CLI turnaround: last byte → next request logged (median)', median(turns), 'ms');
  figure('Gemini CLI turnaround: p90 / first 20 / last 20 (medians)', `${ms(quantile(turns, 0.9))} / ${ms(median(turns.slice(0, 20)))} / ${ms(median(turns.slice(-20)))}`, 'ms');
  figure('Gemini CLI turnaround: last byte → next headers (median / p90)', `${ms(median(toHeaders))} / ${ms(quantile(toHeaders, 0.9))}`, 'ms');
  return { perRoundTrip: median(gaps), turnaround: median(turns) };
}

const { cli, cleanup } = findCli();
if (!existsSync(cli)) {
  console.log(`No Gemini CLI at ${cli}`);
  process.exit(2);
}
const requestStarts = recordRequestStarts();
const fake = await startFakeGemini({ port: 0 });
const arrivals = recordRequestArrivals(fake);
const responseEnds = [];
const stopRecording = recordResponseEnds(responseEnds);
try {
  console.log(`Gemini CLI turnaround (issue 23): ${ROUND_TRIPS} read_file round-trips, ${RUNS} runs; ${execFileSync(process.execPath, [cli, '--version'], { env: { ...process.env, GEMINI_CLI_NO_RELAUNCH: 'true' } }).toString().trim()}`);
  const results = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\n  run ${run}`);
    const result = await runOnce(cli, fake, arrivals, responseEnds, requestStarts);
    if (result) results.push(result);
  }
  if (results.length > 1) {
    console.log('\n  summary (medians, ms): per round-trip | turnaround, per run');
    for (const result of results) console.log(`    ${result.perRoundTrip.toFixed(1)} | ${result.turnaround.toFixed(1)}`);
  }
} finally {
  stopRecording();
  requestStarts.stop();
  await fake.close();
  cleanup();
}
