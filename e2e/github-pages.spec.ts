/**
 * Export → Publish to GitHub Pages… against the fake GitHub REST API: the folder's files become
 * branch gh-pages in one commit (history kept on the next publish) and Pages is switched on;
 * without the right to switch it on, the dialog says what to click on GitHub.
 */
import type { Page } from '@playwright/test';
import type { FakeGitHub } from './fake-github/server.mjs';
import { expect, openApp } from './fixtures';
import { chooseFromMenu, importFromGitHub, test, useGitHub } from './github-helpers';

/** The app with octo/site imported, the token set. */
async function openWithSite(page: Page, github: FakeGitHub): Promise<void> {
  await openApp(page);
  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/site');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 4 files' })).toBeVisible();
}

const SITE = { 'src/main.js': 'source\n', 'dist/index.html': '<h1>Hi</h1>\n', 'dist/assets/app.js': 'console.log(1);\n', 'README.md': '# Site\n' };

test('the dist folder becomes branch gh-pages, Pages is switched on, and the site is linked', async ({ page, github }) => {
  const main = github.addRepository('octo/site', SITE);
  await openWithSite(page, github);

  await chooseFromMenu(page, 'Export', 'Publish to GitHub Pages…');
  const dialog = page.getByRole('dialog', { name: 'Publish to GitHub Pages' });
  await expect(dialog.getByRole('textbox', { name: 'Repository' })).toHaveValue('octo/site');
  await expect(dialog.getByRole('textbox', { name: 'Folder to publish' })).toHaveValue('dist');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByRole('status')).toContainText('Published 3 files to branch gh-pages of octo/site');
  await expect(dialog.getByRole('status')).toContainText('GitHub Pages now serves that branch.');
  await expect(dialog.getByRole('link', { name: 'https://octo.github.io/site/' })).toHaveAttribute('href', 'https://octo.github.io/site/');

  const pages = github.filesAt('octo/site', 'gh-pages')!;
  expect(Object.keys(pages).sort()).toEqual(['.nojekyll', 'assets/app.js', 'index.html']);
  expect(pages['index.html']!.toString()).toBe('<h1>Hi</h1>\n');
  const first = github.head('octo/site', 'gh-pages')!;
  expect(github.commit('octo/site', first)?.parents).toEqual([]);
  expect(github.pages('octo/site')?.source).toEqual({ branch: 'gh-pages', path: '/' });
  expect(github.head('octo/site', 'main')).toBe(main);

  // Publishing again builds on it; Pages is already on.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await chooseFromMenu(page, 'Export', 'Publish to GitHub Pages…');
  await dialog.getByRole('textbox', { name: 'Folder to publish' }).fill('');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByRole('status')).toContainText('Published 5 files to branch gh-pages of octo/site');
  await expect(dialog.getByRole('status')).not.toContainText('now serves');
  const second = github.head('octo/site', 'gh-pages')!;
  expect(github.commit('octo/site', second)?.parents).toEqual([first]);
  expect(Object.keys(github.filesAt('octo/site', 'gh-pages')!).sort()).toEqual(['.nojekyll', 'README.md', 'dist/assets/app.js', 'dist/index.html', 'src/main.js']);
});

test('where the token may not switch Pages on, the files are published and the dialog says what to click', async ({ page, github }) => {
  github.addRepository('octo/site', SITE);
  github.fault({ status: 403, method: 'POST', path: '/pages$', body: { message: 'Resource not accessible by personal access token' } });
  await openWithSite(page, github);
  await chooseFromMenu(page, 'Export', 'Publish to GitHub Pages…');
  const dialog = page.getByRole('dialog', { name: 'Publish to GitHub Pages' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByRole('status')).toContainText('Published 3 files');
  await expect(dialog.getByRole('alert')).toContainText('Settings → Pages, choose Source: Deploy from a branch, Branch: gh-pages');
  expect(github.pages('octo/site')).toBeNull();
  expect(Object.keys(github.filesAt('octo/site', 'gh-pages')!).sort()).toEqual(['.nojekyll', 'assets/app.js', 'index.html']);
});

test('Pages built by an Actions workflow, or from another branch, is switched to gh-pages', async ({ page, github }) => {
  github.addRepository('octo/site', SITE, { pages: { source: { branch: 'main', path: '/docs' }, build_type: 'workflow' } });
  await openWithSite(page, github);
  await chooseFromMenu(page, 'Export', 'Publish to GitHub Pages…');
  const dialog = page.getByRole('dialog', { name: 'Publish to GitHub Pages' });
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByRole('status')).toContainText('GitHub Pages now serves that branch.');
  expect(github.pages('octo/site')).toMatchObject({ source: { branch: 'gh-pages', path: '/' }, build_type: 'legacy' });
});
