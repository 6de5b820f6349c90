#!/usr/bin/env node
// GitHub benchmark (issue 24), against the local fake GitHub REST API (e2e/fake-github/):
//  (a) Import → From GitHub… of a 2,000-file, 20 MB repository (1,800 sources, 200 images of
//      random bytes): Import clicked → the note that it is done, files in the tree; the longest
//      main-thread task meanwhile; requests made;
//  (b) Push to GitHub… of the same after 20 changed files: Push clicked → "Pushed", requests made;
//  (c) the JavaScript GitHub adds before the editor: none (Octokit loads on first use), read from
//      the JS fetched until the prompt accepts a key, and Octokit's chunk size.
// Prints figures; asserts nothing. Run: node e2e/bench/github.mjs [--runs 3] [--files 2000] [--megabytes 20]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startFakeGitHub } from '../fake-github/server.mjs';
import { argument, figure, generatedProject, launchBrowser, median, openApp, pageProbes, startApp } from './lib.mjs';

const RUNS = Math.max(1, Number(argument('runs', 3)));
const FILES = Number(argument('files', 2000));
const MEGABYTES = Number(argument('megabytes', 20));


const files = generatedProject(FILES, MEGABYTES);
const app = await startApp();
const browser = await launchBrowser();

async function settingsFor(page, github) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('GitHub token').fill(github.token);
  await settings.getByRole('textbox', { name: 'GitHub API URL' }).fill(github.url);
  await settings.getByRole('button', { name: 'Save' }).click();
  await settings.waitFor({ state: 'hidden' });
}

async function menu(page, name, choice) {
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('menu', { name }).getByRole('menuitem', { name: choice }).click();
}

/** ms from the click until the page shows `kind` done (the CSP forbids evaluating strings, so the tests live here), and the longest main-thread task in between. */
async function timedUntil(page, kind, arg) {
  const until = await page.evaluate(
    ([what, value]) =>
      window.__bench.when(
        () =>
          what === 'imported'
            ? [...document.querySelectorAll('.files-notice')].some((node) => node.textContent?.includes(`Imported ${value} files`)) && !!document.querySelector('[role="tree"] [role="treeitem"]')
            : !!document.querySelector('[role="dialog"] [role="status"]')?.textContent?.includes('Pushed'),
        300_000,
      ),
    [kind, arg],
  );
  return page.evaluate((end) => {
    const start = window.__bench.marks.clicked;
    const longest = window.__bench.longTasks.filter((task) => task.start + task.duration > start && task.start < end).reduce((most, task) => Math.max(most, task.duration), 0);
    return { ms: end - start, longest };
  }, until);
}

const imports = [];
const pushes = [];
for (let run = 0; run < RUNS; run++) {
  const github = await startFakeGitHub({ token: 'ghp_bench' });
  github.addRepository('bench/big', files);
  const page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
  await page.addInitScript(pageProbes);
  await openApp(page, app.url);
  await settingsFor(page, github);

  await menu(page, 'Import', 'From GitHub…');
  const dialog = page.getByRole('dialog', { name: 'Import from GitHub' });
  await dialog.getByRole('textbox', { name: 'Repository' }).fill('bench/big');
  const before = github.requests().length;
  await dialog.getByRole('button', { name: 'Import' }).evaluate((button) => button.addEventListener('click', () => (window.__bench.marks.clicked = window.__bench.epoch()), { once: true, capture: true }));
  await dialog.getByRole('button', { name: 'Import' }).click();
  const imported = await timedUntil(page, 'imported', FILES.toLocaleString('en'));
  imported.requests = github.requests().length - before;
  imports.push(imported);
  console.log(`    run ${run + 1}: import ${imported.ms.toFixed(0)} ms, longest task ${imported.longest.toFixed(0)} ms, ${imported.requests} requests`);

  // 20 changed files, written through the terminal (the sandbox), then one push.
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByRole('region', { name: 'Terminal' });
  await terminal.locator('.xterm').click();
  await page.keyboard.type('for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do echo changed >> src/module-$i/file-$i.js; done; echo DONE-$((6*7))');
  await page.keyboard.press('Enter');
  await terminal.locator('.xterm-rows').getByText('DONE-42').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1000); // the workspace's sync of the sandbox's changes
  await menu(page, 'Export', 'Push to GitHub…');
  const push = page.getByRole('dialog', { name: 'Push to GitHub' });
  await push.getByRole('textbox', { name: 'Repository' }).fill('bench/big');
  await push.getByRole('button', { name: 'Push' }).waitFor();
  const beforePush = github.requests().length;
  await push.getByRole('button', { name: 'Push' }).evaluate((button) => button.addEventListener('click', () => (window.__bench.marks.clicked = window.__bench.epoch()), { once: true, capture: true }));
  await push.getByRole('button', { name: 'Push' }).click();
  const pushed = await timedUntil(page, 'pushed');
  pushed.requests = github.requests().length - beforePush;
  pushed.text = await push.getByRole('status').textContent();
  pushes.push(pushed);
  console.log(`    run ${run + 1}: push ${pushed.ms.toFixed(0)} ms, longest task ${pushed.longest.toFixed(0)} ms, ${pushed.requests} requests (${pushed.text?.split(':').slice(1).join(':').trim().split('.')[0]})`);
  await page.context().close();
  await github.close();
}

console.log(`\nGitHub (issue 24): a ${FILES.toLocaleString('en')}-file, ${MEGABYTES} MB repository on the local fake, ${RUNS} run(s)`);
figure('(a) import: Import → files in the tree (median)', median(imports.map((entry) => entry.ms)), 'ms', '≤ 5000');
figure('(a) longest main-thread task meanwhile (max)', Math.max(...imports.map((entry) => entry.longest)), 'ms', '< 200');
figure('(a) requests made', imports[0].requests, '');
figure('(b) push of 20 changed files: Push → Pushed (median)', median(pushes.map((entry) => entry.ms)), 'ms');
figure('(b) requests made', pushes[0].requests, '');
const octokit = readdirSync(join(app.folder, 'assets')).filter((name) => name.endsWith('.js') && readFileSync(join(app.folder, 'assets', name), 'utf8').includes('octokit-core.js'));
const entry = readdirSync(join(app.folder, 'assets')).filter((name) => /^index-.*\.js$/.test(name));
const inEntry = entry.some((name) => readFileSync(join(app.folder, 'assets', name), 'utf8').includes('octokit-core.js'));
figure('(c) Octokit in the entry chunk (before the editor)', inEntry ? 'yes' : 'no', '', 'no');
for (const name of octokit) figure(`(c) Octokit's chunk ${name} (gzip)`, gzipSync(readFileSync(join(app.folder, 'assets', name))).length / 1024, 'KB');
await browser.close();
app.close();
