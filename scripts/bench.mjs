#!/usr/bin/env node
// Runs the benchmarks of e2e/bench/ one after another (they share two cores with whatever
// else runs, so never in parallel): builds the app once, then startup, loop overhead and
// tools, and prints a summary table of every figure with its target. Figures are reports,
// not assertions: the exit code says only whether every benchmark ran.
// Usage: npm run bench [-- --skip-build] [-- startup tools]   (names pick benchmarks)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromiumOrExit } from './find-chromium.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const BENCHES = ['startup', 'first-message', 'loop-overhead', 'turnaround-side-by-side', 'tools', 'long-session', 'share', 'import-export', 'web-fetch', 'steering', 'hooks', 'loop-diagram', 'embed', 'preview'];
const args = process.argv.slice(2);
const chosen = args.filter((arg) => BENCHES.includes(arg));
const benches = chosen.length > 0 ? chosen : BENCHES;

const chromium = await findChromiumOrExit();

if (!args.includes('--skip-build')) {
  console.log('Building the app (vite build)…');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const scratch = mkdtempSync(join(tmpdir(), 'loopscope-bench-'));
const results = join(scratch, 'results.jsonl');
const failed = [];
const seconds = {};
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(process.execPath, [join(root, 'e2e/bench', `${name}.mjs`)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, BENCH_RESULTS: results, BENCH_NAME: name, BENCH_SKIP_BUILD: '1' },
  });
  seconds[name] = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) failed.push(name);
}

let rows = [];
try {
  rows = readFileSync(results, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line));
} catch {
  // no figure was recorded
}
rmSync(scratch, { recursive: true, force: true });

const table = [['benchmark', 'figure', 'value', 'target'], ...rows.map((row) => [row.bench, row.name, `${row.value} ${row.unit}`.trim(), row.target || '–'])];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => String(row[column]).length)));
const line = (row) => row.map((cell, column) => (column === 2 ? String(cell).padStart(widths[column]) : String(cell).padEnd(widths[column]))).join('  ');
console.log('\n=== Summary (figures, not pass/fail; machine load changes them) ===');
console.log(line(table[0]));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of table.slice(1)) console.log(line(row));
console.log(`\nTook ${benches.map((name) => `${name} ${seconds[name]} s`).join(', ')}.`);
if (failed.length > 0) {
  console.error(`Did not finish: ${failed.join(', ')} (see its output above).`);
  process.exit(1);
}
