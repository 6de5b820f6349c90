#!/usr/bin/env node
/**
 * `npm run soak`: the fault suites at full size, one after another.
 * - T2 (tool arguments): 2,000 generated argument sets per tool on both sandboxes
 *   (src/tools/argument-faults.test.ts), the same file `npm test` runs at 100 sets. Its counts
 *   are printed at the end of each sandbox's run. LOOPSCOPE_T2_SETS=N overrides the size;
 *   FC_SEED picks another seed.
 * - T3 (model faults): every fault kind of the fake Gemini server 20 times through the worker
 *   stack (src/worker/model-faults.test.ts), the same file `npm test` runs 2 times per kind. Its
 *   table of counts is printed at the end. LOOPSCOPE_FAULT_RUNS=N overrides the size.
 * - T4 (crash mid-run): the page crashed at six points of a run (during a stream, awaiting
 *   approval, during a shell command, between a commit and the next request, during Compress,
 *   during Restore), reopened and continued, 10 times per point (e2e/crash-recovery.spec.ts, the
 *   same file `npm test` runs once per point), in Chromium against the app built first. Its
 *   table of counts is printed at the end. LOOPSCOPE_CRASH_RUNS=N overrides the size.
 * - T5 (storage): schema upgrades from every earlier version over generated data in three sizes,
 *   with upgrade failures injected (src/store/storage-faults.test.ts, 3 small databases per
 *   version in `npm test`), then a full disk at five moments of a session and two tabs writing
 *   one session, 10 times each in Chromium (e2e/storage-soak.spec.ts, once each in `npm test`).
 *   Each prints its table of counts at the end.
 */
import { spawnSync } from 'node:child_process';
import { findChromiumOrExit } from './find-chromium.mjs';

const suites = ['src/tools/argument-faults.test.ts', 'src/worker/model-faults.test.ts', 'src/store/storage-faults.test.ts'];

let status = 0;
for (const file of suites) {
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', file], {
    stdio: 'inherit',
    env: { ...process.env, LOOPSCOPE_SOAK: '1' },
  });
  console.log(`soak: ${file} finished in ${((Date.now() - started) / 1000).toFixed(1)} s with exit code ${result.status ?? 'none'}`);
  if (status === 0) status = result.status ?? 1;
}

// Browser suites (Playwright) run against the built app: it is built once, before the first.
const browserSuites = ['e2e/crash-recovery.spec.ts', 'e2e/storage-soak.spec.ts'];
const chromium = await findChromiumOrExit();
const browserEnv = { ...process.env, CHROMIUM_PATH: chromium, LOOPSCOPE_SOAK: '1' };
// LOOPSCOPE_DIST: build where scripts/serve.mjs serves from (see scripts/e2e.mjs).
const outDir = process.env.LOOPSCOPE_DIST ? ['--outDir', process.env.LOOPSCOPE_DIST, '--emptyOutDir'] : [];
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...outDir], { stdio: 'inherit', env: browserEnv });
if (build.status !== 0) process.exit(build.status ?? 1);
for (const file of browserSuites) {
  const started = Date.now();
  const result = spawnSync('npx', ['playwright', 'test', file], { stdio: 'inherit', env: browserEnv });
  console.log(`soak: ${file} finished in ${((Date.now() - started) / 1000).toFixed(1)} s with exit code ${result.status ?? 'none'}`);
  if (status === 0) status = result.status ?? 1;
}
process.exit(status);
