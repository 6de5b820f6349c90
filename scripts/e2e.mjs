#!/usr/bin/env node
// Runs the end-to-end tests: finds (or installs) Chromium, builds the app, runs Playwright.
import { spawnSync } from 'node:child_process';
import { findChromiumOrExit } from './find-chromium.mjs';

const chromium = await findChromiumOrExit();
console.log(`Using Chromium at ${chromium}`);
const env = { ...process.env, CHROMIUM_PATH: chromium };
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('npx', ['vite', 'build', '--logLevel', 'warn', ...(process.env.LOOPSCOPE_DIST ? ['--outDir', process.env.LOOPSCOPE_DIST, '--emptyOutDir'] : [])]);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
