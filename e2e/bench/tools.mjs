#!/usr/bin/env node
// Tools benchmark (issue 4):
//  (a) 1,000 small shell commands through the tool layer (run_shell_command over the offline
//      sandbox) against just-bash alone, in Node, in the same run;
//  (b) grep_search over 2,000 generated files in the offline sandbox, in Node;
//  (c) in the browser: a write_file by the agent (fake Gemini, Allow all) to the file open in
//      Monaco, from the write's report (tool card success; server response) to the editor
//      showing the new text.
// The TypeScript sources are loaded with Vite's SSR module loader (no build, no vitest).
// Prints figures; asserts nothing. Run: node e2e/bench/tools.mjs [--commands 1000] [--only abc]
import { Bash, InMemoryFs } from 'just-bash';
import { createServer } from 'vite';
import { startFakeGemini } from '../fake-gemini/server.mjs';
import {
  argument,
  clockOffset,
  epochNow,
  figure,
  launchBrowser,
  median,
  openAppOnGemini,
  recordResponseEnds,
  reply,
  repoRoot,
  sendMessage,
  startApp,
  waitForAgentText,
} from './lib.mjs';

const COMMANDS = Number(argument('commands', 1000));
const ONLY = argument('only', 'abc');
const GREP_FILES = 2000;
const EDITOR_RUNS = 7;
const A_TXT = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n') + '\n';
const SHELL = ['echo hello', 'cat a.txt', 'ls', 'wc -l a.txt', 'pwd', 'echo $((6 * 7))', 'grep "line 1" a.txt | head -n 2', 'true'];

async function loadSources() {
  const vite = await createServer({ root: repoRoot, configFile: false, logLevel: 'warn', server: { middlewareMode: true, hmr: false }, appType: 'custom', optimizeDeps: { noDiscovery: true } });
  const registry = await vite.ssrLoadModule('/src/tools/registry.ts');
  const offline = await vite.ssrLoadModule('/src/sandbox/offline/offline-sandbox.ts');
  return { registry, offline, close: () => vite.close() };
}

/** Runs `count` commands (cycling SHELL) with `run`, returns ms per command. */
async function timeCommands(run, count) {
  const start = performance.now();
  for (let index = 0; index < count; index++) await run(SHELL[index % SHELL.length]);
  return (performance.now() - start) / count;
}

async function shellFigures({ registry, offline }) {
  console.log(`\n(a) ${COMMANDS} small shell commands: run_shell_command over the offline sandbox vs just-bash alone`);
  const sandbox = await offline.createOfflineSandbox({ files: { 'a.txt': A_TXT } });
  const tool = createTools(registry).get('run_shell_command');
  const signal = new AbortController().signal;
  const throughTool = async (command) => {
    const validation = tool.validate({ command });
    const result = await tool.execute(validation.args, { sandbox, signal });
    if (result.error) throw new Error(`${command}: ${result.error.message}`);
  };
  const fs = new InMemoryFs();
  await fs.mkdir('/workspace', { recursive: true });
  await fs.writeFile('/workspace/a.txt', A_TXT);
  const bash = new Bash({ fs, cwd: '/workspace', env: { HOME: '/workspace', USER: 'user', TERM: 'xterm-256color' } });
  const bare = async (command) => {
    const result = await bash.exec(command, { cwd: '/workspace', rawScript: true });
    if (result.exitCode !== 0) throw new Error(`${command}: exit ${result.exitCode} ${result.stderr}`);
  };
  await timeCommands(throughTool, 100); // warm-up (JIT, caches)
  await timeCommands(bare, 100);
  // Alternate blocks so a slowdown of the machine hits both sides alike.
  const block = 100;
  const toolTimes = [];
  const bareTimes = [];
  for (let done = 0; done < COMMANDS; done += block) {
    const size = Math.min(block, COMMANDS - done);
    toolTimes.push(await timeCommands(throughTool, size));
    bareTimes.push(await timeCommands(bare, size));
  }
  const average = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
  figure('shell command through the tool layer', average(toolTimes), 'ms/cmd');
  figure('shell command on just-bash alone', average(bareTimes), 'ms/cmd');
  figure('tool layer / just-bash', average(toolTimes) / average(bareTimes), '×', '≤ 1.5');
  await sandbox.dispose();
}

function createTools(registry) {
  return registry.createToolRegistry(registry.createBuiltinTools()); // as src/worker/agent.worker.ts does
}

/** A TypeScript-like file of about 30 lines; every 50th file mentions the needle. */
function sourceFile(index) {
  const lines = [`// file ${index}`, `export function f${index}(value: number): number {`];
  for (let line = 0; line < 26; line++) lines.push(`  const v${line} = value * ${line} + ${index}; // some ordinary code here`);
  if (index % 50 === 0) lines.push(`  // TODO needle${index}: remove`);
  lines.push('  return value;', '}');
  return `${lines.join('\n')}\n`;
}

async function grepFigures({ registry, offline }) {
  console.log(`\n(b) grep_search over ${GREP_FILES} files in the offline sandbox`);
  const sandbox = await offline.createOfflineSandbox();
  for (let index = 0; index < GREP_FILES; index++) await sandbox.writeFile(`src/module${index % 40}/part${Math.floor(index / 40) % 5}/file${index}.ts`, sourceFile(index));
  const tool = createTools(registry).get('grep_search');
  const context = { sandbox, signal: new AbortController().signal };
  const search = async (pattern) => {
    const start = performance.now();
    const result = await tool.execute(tool.validate({ pattern }).args, context);
    const elapsed = performance.now() - start;
    if (result.error) throw new Error(result.error.message);
    return { elapsed, matches: (String(result.llmContent).match(/TODO needle/g) ?? []).length };
  };
  await search('needle'); // warm-up
  const hits = [];
  const misses = [];
  let matches = 0;
  for (let run = 0; run < 5; run++) {
    const hit = await search('needle\\d+');
    matches = hit.matches;
    hits.push(hit.elapsed);
    misses.push((await search('no_such_identifier_anywhere')).elapsed);
  }
  console.log(`    'needle\\d+' found ${matches} lines (expected ${GREP_FILES / 50}); 5 runs each`);
  figure(`grep_search, ${GREP_FILES} files, ${GREP_FILES / 50} matches (median)`, median(hits), 'ms', '< 500');
  figure(`grep_search, ${GREP_FILES} files, no match (median)`, median(misses), 'ms', '< 500');
  await sandbox.dispose();
}

async function editorFigures() {
  console.log(`\n(c) Agent write_file to the file open in Monaco → editor shows it: ${EDITOR_RUNS} writes`);
  const fake = await startFakeGemini({ port: 0 });
  const responseEnds = [];
  const stopRecording = recordResponseEnds(responseEnds);
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const page = await openAppOnGemini(browser, app.url, fake);
    const write = (content, text) => [reply({ calls: [{ name: 'write_file', args: { file_path: 'page.txt', content } }] }), reply({ text })];
    fake.setScript({ responses: write('first_version\n', 'Wrote page.txt.') });
    await sendMessage(page, 'Write page.txt');
    await waitForAgentText(page, 'Wrote page.txt.');
    // The app opens a file the agent wrote; make sure it is in Monaco.
    await page.getByRole('tree', { name: 'Files' }).getByRole('treeitem', { name: 'page.txt' }).click();
    await page.waitForFunction(() => document.body.dataset.monacoReady === 'true' && !!document.querySelector('.monaco-editor .view-lines')?.textContent?.includes('first_version'), undefined, { timeout: 60_000 });

    const fromCard = [];
    const fromServer = [];
    const cardLag = [];
    for (let run = 0; run <= EDITOR_RUNS; run++) {
      const marker = `MARKER${run}X${Date.now().toString(36)}`;
      fake.setScript({ responses: write(`${marker}\nsecond line\n`, `Done ${run}.`) });
      const offset = await clockOffset(page);
      const cardsBefore = await page.locator('[aria-label="Transcript"] article[aria-label="write_file page.txt"]').count();
      const watched = page.evaluate(
        ([wanted, before]) =>
          Promise.all([
            window.__bench.when(() => !!document.querySelector('.monaco-editor .view-lines')?.textContent?.includes(wanted), 30_000),
            window.__bench.when(() => {
              const cards = document.querySelectorAll('[aria-label="Transcript"] article[aria-label="write_file page.txt"]');
              return cards.length > before && cards[cards.length - 1].querySelector('[data-status]')?.getAttribute('data-status') === 'success';
            }, 30_000),
          ]),
        [marker, cardsBefore],
      );
      const endsBefore = responseEnds.length;
      const sentAt = epochNow();
      await sendMessage(page, `Rewrite page.txt (${run})`);
      const [editorAt, cardAt] = await watched;
      await waitForAgentText(page, `Done ${run}.`);
      // The first model response after sending carries the write_file call.
      const response = responseEnds.slice(endsBefore).find((entry) => entry.url.includes('GenerateContent') && entry.calledAt >= sentAt);
      const callSentAt = response ? response.calledAt + offset : Number.NaN; // page clock; a small body is sent when end() is called
      if (run === 0) continue; // warm-up
      fromCard.push(editorAt - cardAt);
      fromServer.push(editorAt - callSentAt);
      cardLag.push(cardAt - callSentAt);
      console.log(`    write ${run}: card success → editor ${(editorAt - cardAt).toFixed(0)} ms; server sent the call → card ${(cardAt - callSentAt).toFixed(0)} ms, → editor ${(editorAt - callSentAt).toFixed(0)} ms`);
    }
    figure('write reported (tool card success) → editor shows it', median(fromCard), 'ms', '< 100');
    figure('server sent the write_file call → editor shows it', median(fromServer), 'ms');
    figure('server sent the write_file call → tool card success', median(cardLag), 'ms');
  } finally {
    stopRecording();
    await browser.close();
    app.close();
    await fake.close();
  }
}

console.log('Tools benchmark (issue 4)');
if (/[ab]/.test(ONLY)) {
  const sources = await loadSources();
  try {
    if (ONLY.includes('a')) await shellFigures(sources);
    if (ONLY.includes('b')) await grepFigures(sources);
  } finally {
    await sources.close();
  }
}
if (ONLY.includes('c')) await editorFigures();
