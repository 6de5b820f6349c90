/** What the GitHub specs share: a fake GitHub per test, and the steps a person takes. */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { startFakeGitHub } from './fake-github/server.mjs';
import type { FakeGitHub } from './fake-github/server.mjs';
import { expect, test as base } from './fixtures';

export const test = base.extend<{ github: FakeGitHub }>({
  // eslint-disable-next-line no-empty-pattern
  github: async ({}, use) => {
    const server = await startFakeGitHub({ token: 'ghp_e2e_secret_token_123' });
    await use(server);
    await server.close();
  },
});

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, ...Array.from({ length: 256 }, (_, index) => index)]);
export const REPOSITORY = {
  'README.md': '# Demo\n',
  'src/lib/math.js': 'export const add = (a, b) => a + b;\n',
  'docs/guide/intro.md': 'Intro\r\n',
  'assets/logo.png': PNG,
  'node_modules/dep/index.js': 'dep',
};

export const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });
export const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
export const importDialog = (page: Page) => page.getByRole('dialog', { name: 'Import from GitHub' });
export const pushDialog = (page: Page) => page.getByRole('dialog', { name: 'Push to GitHub' });

/** Settings → GitHub: the fake's URL, and the token when given ('' empties it). */
export async function useGitHub(page: Page, github: FakeGitHub, token?: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  if (token !== undefined) await settings.getByLabel('GitHub token').fill(token);
  await settings.getByRole('textbox', { name: 'GitHub API URL' }).fill(github.url);
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
}

export async function chooseFromMenu(page: Page, menu: 'Import' | 'Export', choice: string): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menu', { name: menu }).getByRole('menuitem', { name: choice }).click();
}

/** New file in the Files pane, and wait for it in the tree. */
export async function newFile(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'New file' }).click();
  await page.getByRole('textbox', { name: 'New file path' }).fill(path);
  await page.keyboard.press('Enter');
  await expect(item(page, path)).toBeVisible();
}

export async function importFromGitHub(page: Page, repository: string): Promise<void> {
  await chooseFromMenu(page, 'Import', 'From GitHub…');
  await importDialog(page).getByRole('textbox', { name: 'Repository' }).fill(repository);
  await importDialog(page).getByRole('button', { name: 'Import' }).click();
}

export async function downloadedFiles(page: Page): Promise<Record<string, Uint8Array>> {
  const downloading = page.waitForEvent('download');
  await chooseFromMenu(page, 'Export', 'Download ZIP');
  return unzipSync(new Uint8Array(await readFile(await (await downloading).path())));
}
