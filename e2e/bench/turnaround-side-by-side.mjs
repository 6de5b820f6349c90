#!/usr/bin/env node
// The loop's turnaround measured from outside, side by side with Gemini CLI's (issue 40).
//
// Both clients play the same script against the fake Gemini server: N round-trips, each a
// `read_file` of a small file (distinct line ranges, so no loop check fires), then a text.
// The turnaround of round-trip k is taken on the fake's own clock: from the moment it wrote
// the last byte of response k (`end()`) to the moment request k+1 was read whole. Nothing is
// measured inside either client.
//  - The app is the served build, as `npm start` serves it (scripts/serve.mjs, a process of its
//    own, on dist/ or LOOPSCOPE_DIST), opened at the default URL (`--sandbox offline` adds
//    `?sandbox=offline`) in Debian's Chromium by Playwright, persistence on, Gemini on the fake,
//    `Allow all` (a write_file first creates the file).
//  - Gemini CLI (`@google/gemini-cli`, not a dependency: `--cli` its `bundle/gemini.js`, or
//    GEMINI_CLI_JS, else it is npm-installed into a temporary folder) runs headless: `-p`,
//    `--approval-mode yolo`, `-m gemini-2.5-flash` (no model router), a private HOME whose
//    settings choose API-key auth and turn off its LLM loop check, telemetry and update checks.
//  - `--driver both` (the default) runs the app twice per run: once with Playwright attached, as
//    the issue measured, and once detached: Playwright sets the app up in a Chromium this bench
//    launched, then disconnects, and the page presses Send itself a second later, so no DevTools
//    session is attached during the measured run (as in a person's browser). An attached
//    DevTools session copies every request body the worker sends (Playwright watches the
//    network); `devtools-fetch-tax.mjs` measures that alone. `--driver playwright` or `detached`
//    runs one of the two.
// The runs alternate, app then CLI, so each pair shares the same minutes of the machine.
// `--load K` keeps K busy processes spinning during the runs (a loaded machine, as when another
// browser test runs beside the measurement). Prints both medians per run and the ratio;
// asserts nothing.
// `--cpu-by-process` prints the app's CPU by process and by thread.
// Run: node e2e/bench/turnaround-side-by-side.mjs [--runs 3] [--round-trips 200] [--driver both|playwright|detached] [--sandbox offline] [--load 1] [--cli path] [--cli-version 0.61.0]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../../scripts/find-chromium.mjs';
import { startFakeGemini } from '../fake-gemini/server.mjs';
import { allowAll, argument, browserProcess, ensureBuild, figure, freePort, launchBrowser, launchDetachableChromium, median, quantile, removeProfile, repoRoot, reply, useGemini, waitForAgentText } from './lib.mjs';

const ROUND_TRIPS = Number(argument('round-trips', 200));
const RUNS = Number(argument('runs', 3));
const VERSION = argument('cli-version', '0.61.0');
const SANDBOX = argument('sandbox', 'default');
const LOAD = Number(argument('load', 0));
const PROFILE = argument('profile', 'disk');
// `playwright`: the app runs with Playwright attached (its DevTools session watches the network,
// as the issue measured). `detached`: Playwright sets the app up in a Chromium this bench
// launched, then disconnects; the page itself presses Send a moment later, so the measured run
// goes with no DevTools session attached, as in a person's browser. `both` runs the two.
const DRIVER = argument('driver', 'both');
const FILE_LINES = 20;
const LINES = Array.from({ length: FILE_LINES }, (_, index) => `line ${index + 1} of a small file`).join('\n');

function findCli() {
  const given = argument('cli', process.env.GEMINI_CLI_JS);
  if (given) return { cli: given, cleanup: () => {} };
  const folder = mkdtempSync(join(tmpdir(), 'gemini-cli-'));
  console.log(`Installing @google/gemini-cli@${VERSION} into ${folder}…`);
  execFileSync('npm', ['install', '--prefix', folder, '--no-audit', '--no-fund', '--loglevel', 'error', `@google/gemini-cli@${VERSION}`], { stdio: 'inherit' });
  return { cli: join(folder, 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js'), cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Distinct (start_line, end_line) pairs (no two calls identical), as loop-overhead.mjs. */
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

/**
 * Turnarounds of the model requests logged from index `first` on, on the fake's clock: for
 * each streamed request k followed at once by streamed request k+1, the end of response k →
 * request k+1 read whole. A request of another kind in between is no turnaround (skipped).
 */
function turnarounds(fake, first, cpu) {
  const all = fake.requests().slice(first);
  // CPU per round trip: from the first model request to the last, over the round trips between.
  const cpuPerRoundTrip = all.length > 1 ? cpu.between(all[0].timing.bodyAt, all.at(-1).timing.bodyAt) / (all.length - 1) : Number.NaN;
  const turns = [];
  let skipped = 0;
  for (let k = 0; k + 1 < all.length; k++) {
    if (!all[k].stream || !all[k + 1].stream) {
      skipped += 1;
      continue;
    }
    turns.push(all[k + 1].timing.bodyAt - all[k].timing.endAt);
  }
  const body = (request) => JSON.stringify(request?.body ?? {}).length / 1024;
  return { turns, cpuPerRoundTrip, requests: all.length, skipped, firstKb: body(all[0]), lastKb: body(all.at(-1)), lastBody: all.at(-1)?.body };
}

function report(label, result) {
  const ms = (value) => value.toFixed(1);
  const { turns } = result;
  console.log(
    `    ${label}: ${result.requests} model requests (expected ${ROUND_TRIPS + 1}${result.skipped ? `, ${result.skipped} gaps with another request left out` : ''}); ` +
      `bodies ${result.firstKb.toFixed(0)} → ${result.lastKb.toFixed(0)} KB; turnaround median ${ms(median(turns))} ms, p90 ${ms(quantile(turns, 0.9))}, first 20 ${ms(median(turns.slice(0, 20)))}, last 20 ${ms(median(turns.slice(-20)))}; CPU ${ms(result.cpuPerRoundTrip)} ms a round trip (every process of it)`,
  );
  return { turn: median(turns), cpu: result.cpuPerRoundTrip };
}

/** scripts/serve.mjs in a process of its own, as `npm start` runs it. */
async function serveBuild() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'serve.mjs'), '--port', String(port)], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`serve.mjs exited (${code})`)));
    child.stdout.on('data', () => resolve());
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => child.kill() };
}

/**
 * A browser context as a person's: a profile on disk (IndexedDB written to files), or with
 * `--profile memory` an incognito context, whose storage lives in memory (as the other benches').
 */
async function openContext(browser) {
  if (PROFILE === 'memory') {
    const context = await browser.newContext();
    return { context, pid: launchedBrowserPid(), close: () => context.close() };
  }
  const folder = mkdtempSync(join(tmpdir(), 'loopscope-profile-'));
  const context = await chromium.launchPersistentContext(folder, { executablePath: await findChromium(), args: chromiumArgs });
  return {
    context,
    pid: browserProcess(folder)?.pid ?? 0,
    async close() {
      await context.close();
      await removeProfile(folder);
    },
  };
}

async function runApp(browser, appUrl, fake, detached = false) {
  const { context, pid, close, disconnect } = detached ? await launchDetachableChromium() : await openContext(browser);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
  await page.goto(SANDBOX === 'offline' ? `${appUrl}?sandbox=offline` : appUrl);
  await page.getByRole('list', { name: 'Sessions' }).getByRole('listitem').first().waitFor();
  await useGemini(page, fake);
  await allowAll(page);
  const box = page.getByRole('textbox', { name: 'Message the agent' });
  fake.setScript({ responses: [reply({ calls: [{ name: 'write_file', args: { file_path: 'a.txt', content: `${LINES}\n` } }] }), reply({ text: 'Created a.txt.' })] });
  await box.fill('Create a.txt');
  await box.press('Enter');
  await waitForAgentText(page, 'Created a.txt.');
  // The write opens a.txt in the editor, which loads Monaco: let that settle first.
  await page.locator('.monaco-editor').first().waitFor();
  await page.waitForTimeout(1000);
  const status = await page.getByRole('status').filter({ hasText: /sandbox|WebContainer/i }).first().textContent().catch(() => '?');
  const finalText = `Read it ${ROUND_TRIPS} times.`;
  fake.setScript({ responses: [...readCalls('a.txt', ROUND_TRIPS).map((call) => reply({ calls: [call] })), reply({ text: finalText })] });
  const first = fake.requests().length;
  await box.fill('Read a.txt in many ranges');
  if (detached) {
    // The page presses Send itself once Playwright has gone; the run ends with the final request.
    await page.evaluate(() => setTimeout(() => [...document.querySelectorAll('button[type=submit]')].find((button) => button.textContent.trim() === 'Send')?.click(), 1000));
    await disconnect();
    await new Promise((resolve) => setTimeout(resolve, 900));
  }
  const cpu = cpuSampler(pid);
  const startedAt = performance.now();
  if (detached) await waitForRequests(fake, first + ROUND_TRIPS + 1, 600_000);
  else {
    await box.press('Enter');
    await waitForAgentText(page, finalText, 600_000);
  }
  const elapsed = performance.now() - startedAt;
  cpu.stop();
  if (process.argv.includes('--cpu-by-process')) {
    console.log(`    app CPU ms by process: ${JSON.stringify(cpu.byKind())}`);
    console.log(`    app CPU ms by thread (the busiest): ${JSON.stringify(cpu.byThread())}`);
  }
  await close();
  const result = turnarounds(fake, first, cpu);
  console.log(`    app${detached ? ' (detached)' : ''}: ${Math.round(elapsed)} ms from Enter to the final ${detached ? 'request' : 'text'}; sandbox: ${status?.trim()}`);
  return report(detached ? 'app (detached)' : 'app', result);
}

/** Waits until the fake has logged `count` requests. */
async function waitForRequests(fake, count, timeout) {
  const until = Date.now() + timeout;
  while (fake.requests().length < count) {
    if (Date.now() > until) throw new Error(`Only ${fake.requests().length} of ${count} requests arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function runCli(cli, fake) {
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
  writeFileSync(file, `${LINES}\n`);
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
  const cpu = cpuSampler(child.pid);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  const elapsed = performance.now() - startedAt;
  cpu.stop();
  rmSync(folder, { recursive: true, force: true });
  const result = turnarounds(fake, first, cpu);
  const responses = functionResponses(result.lastBody);
  console.log(
    `    Gemini CLI: exit ${code}, ${Math.round(elapsed)} ms in all (start-up included); function responses in the last request: ${responses.length}, ` +
      `holding the file's lines: ${responses.filter((text) => text.includes('of a small file')).length}; final text printed: ${stdout.includes(finalText)}`,
  );
  if (code !== 0 || !stdout.includes(finalText)) console.log(`    stderr (end): ${stderr.slice(-800)}`);
  return report('Gemini CLI', result);
}

const TICK_MS = 10; // /proc's clock ticks (USER_HZ 100)

/** utime + stime of a process, in ms (0 once it is gone), and its parent, from /proc/<pid>/stat. */
function statOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return { ppid: -1, cpu: 0 };
  }
}

/** `root` and every process below it. */
function processTree(root) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const { ppid } = statOf(name);
    if (!children.has(ppid)) children.set(ppid, []);
    children.get(ppid).push(Number(name));
  }
  const tree = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop();
    tree.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/**
 * CPU time used by a process tree (Chromium's processes, or the CLI's), sampled every 20 ms on
 * Linux (elsewhere nothing is sampled): `between(from, to)` is the CPU ms spent between two
 * epoch times, from the samples nearest them. A process that ends takes its last sample along.
 */
function cpuSampler(rootPid) {
  const samples = [];
  const last = new Map();
  const startCpu = new Map();
  let pids = [];
  let listedAt = 0;
  const sample = () => {
    const now = performance.timeOrigin + performance.now();
    if (now - listedAt > 500) {
      pids = processTree(rootPid);
      listedAt = now;
    }
    for (const pid of pids) {
      const { cpu } = statOf(pid);
      if (cpu > 0) last.set(pid, cpu);
    }
    samples.push({ at: now, cpu: [...last.values()].reduce((sum, value) => sum + value, 0) });
  };
  const timer = process.platform === 'linux' && rootPid ? setInterval(sample, 20) : null;
  let threadsAtStart = new Map();
  if (timer) {
    sample();
    for (const [pid, cpu] of last) startCpu.set(pid, cpu);
    threadsAtStart = threadTimes(pids);
  }
  let threadsAtStop = new Map();
  const nearest = (at) => samples.reduce((best, entry) => (Math.abs(entry.at - at) < Math.abs(best.at - at) ? entry : best), samples[0]);
  return {
    between: (from, to) => (samples.length > 1 ? nearest(to).cpu - nearest(from).cpu : Number.NaN),
    /** CPU ms by kind of process (Chromium's --type, or the program) since the sampler started. */
    byKind() {
      const kinds = {};
      for (const [pid, cpu] of last) {
        let kind = 'other';
        try {
          // Chromium rewrites its children's command lines into one string: read the flags by pattern.
          const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
          const type = /--type=(\S+)/.exec(line)?.[1];
          const service = /--utility-sub-type=(\S+)/.exec(line)?.[1];
          kind = service ?? (type ? `${type}${type === 'renderer' ? ` ${/--renderer-client-id=(\d+)/.exec(line)?.[1] ?? ''}` : ''}` : line.split(' ')[0].split('/').pop());
        } catch {
          kind = 'ended';
        }
        kinds[kind] = (kinds[kind] ?? 0) + cpu - (startCpu.get(pid) ?? 0);
      }
      return kinds;
    },
    /** CPU ms by thread name (Chromium names its threads: CrRendererMain, DedicatedWorker thread…), summed over the tree, the busiest first. */
    byThread() {
      const byName = {};
      for (const [key, { name, cpu }] of threadsAtStop) byName[name] = (byName[name] ?? 0) + cpu - (threadsAtStart.get(key)?.cpu ?? 0);
      return Object.fromEntries(Object.entries(byName).filter(([, cpu]) => cpu > 0).sort((a, b) => b[1] - a[1]).slice(0, 12));
    },
    stop() {
      if (!timer) return;
      clearInterval(timer);
      threadsAtStop = threadTimes(processTree(rootPid));
    },
  };
}

/** Each thread of these processes: `pid/tid` → its name (prefixed with the process's kind) and CPU ms, from /proc/<pid>/task. */
function threadTimes(pids) {
  const times = new Map();
  for (const pid of pids) {
    let kind = 'process';
    try {
      const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      kind = /--utility-sub-type=(\S+)/.exec(line)?.[1]?.split('.').pop() ?? /--type=(\S+)/.exec(line)?.[1] ?? 'browser';
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        times.set(`${pid}/${tid}`, { name: `${kind}: ${name}`, cpu: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
      }
    } catch {
      // gone
    }
  }
  return times;
}

/** The pid of the Chromium this process launched (its child that is no Chromium helper process). */
function launchedBrowserPid() {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || statOf(name).ppid !== process.pid) continue;
    try {
      const line = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (/chrom/i.test(line) && !line.includes('--type=')) return Number(name);
    } catch {
      // gone
    }
  }
  return 0;
}

/** `count` processes that keep a core busy until stopped. */
function spinners(count) {
  const children = Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => children.forEach((child) => child.kill());
}

ensureBuild();
const { cli, cleanup } = findCli();
if (!existsSync(cli)) {
  console.log(`No Gemini CLI at ${cli}`);
  process.exit(2);
}
const version = execFileSync(process.execPath, [cli, '--version'], { env: { ...process.env, GEMINI_CLI_NO_RELAUNCH: 'true' } })
  .toString()
  .trim();
const fake = await startFakeGemini({ port: 0 });
const app = await serveBuild();
const browser = await launchBrowser();
const stopLoad = spinners(LOAD);
try {
  console.log(
    `Turnaround from outside (issue 40): ${ROUND_TRIPS} read_file round-trips, ${RUNS} runs alternated; the app served by scripts/serve.mjs at the ${SANDBOX === 'offline' ? '?sandbox=offline' : 'default'} URL with its profile ${PROFILE === 'memory' ? 'in memory (incognito)' : 'on disk'}, ${{ playwright: 'Playwright attached', detached: 'Playwright detached before the run', both: 'with Playwright attached, then detached' }[DRIVER]}, Gemini CLI ${version}${LOAD ? `; ${LOAD} busy process(es) beside` : ''}`,
  );
  const pairs = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`\n  run ${run}`);
    const appRun = DRIVER === 'detached' ? await runApp(browser, app.url, fake, true) : await runApp(browser, app.url, fake);
    const detachedRun = DRIVER === 'both' ? await runApp(browser, app.url, fake, true) : null;
    const cliRun = await runCli(cli, fake);
    pairs.push({ appTurn: appRun.turn, cliTurn: cliRun.turn, ratio: appRun.turn / cliRun.turn, appCpu: appRun.cpu, cliCpu: cliRun.cpu, detached: detachedRun });
  }
  const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '?');
  const both = pairs.some((pair) => pair.detached);
  console.log(`\n  summary (medians of each run, ms): app | Gemini CLI | ratio | CPU a round trip: app | Gemini CLI${both ? ' || app detached | ratio | CPU' : ''}`);
  for (const pair of pairs) {
    const detached = pair.detached ? ` || ${ms(pair.detached.turn)} | ${(pair.detached.turn / pair.cliTurn).toFixed(2)}× | ${ms(pair.detached.cpu)}` : '';
    console.log(`    ${ms(pair.appTurn)} | ${ms(pair.cliTurn)} | ${pair.ratio.toFixed(2)}× | ${ms(pair.appCpu)} | ${ms(pair.cliCpu)}${detached}`);
  }
  figure('app turnaround, from outside (median of runs)', median(pairs.map((pair) => pair.appTurn)), 'ms');
  figure('Gemini CLI turnaround (median of runs)', median(pairs.map((pair) => pair.cliTurn)), 'ms');
  figure('ratio app / Gemini CLI (median of runs)', median(pairs.map((pair) => pair.ratio)), '×', '≤ 0.8');
  if (both) figure('ratio app detached (no DevTools session) / Gemini CLI (median of runs)', median(pairs.map((pair) => pair.detached.turn / pair.cliTurn)), '×', '≤ 0.8');
  figure('CPU a round trip, app (all browser processes) / Gemini CLI', `${ms(median(pairs.map((pair) => pair.appCpu)))} / ${ms(median(pairs.map((pair) => pair.cliCpu)))}`, 'ms');
} finally {
  stopLoad();
  await browser.close();
  app.close();
  await fake.close();
  cleanup();
}
