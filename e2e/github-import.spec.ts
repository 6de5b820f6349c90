/**
 * Import → From GitHub… against a local fake of GitHub's REST API (e2e/fake-github/): a public
 * repository, one folder at a ref, a private one with and without the token, and the faults
 * (a wrong token, the rate limit, a network failure halfway). The token goes only to the
 * GitHub API URL, as the Authorization header.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, openApp } from './fixtures';
import { downloadedFiles, importDialog as dialog, importFromGitHub, item, PNG, REPOSITORY, test, tree, useGitHub } from './github-helpers';

test('a public repository with nested folders and a PNG comes in byte for byte', async ({ page, github }) => {
  const commit = github.addRepository('octo/demo', REPOSITORY);
  await openApp(page);
  await useGitHub(page, github);
  await importFromGitHub(page, 'https://github.com/octo/demo');
  await expect(dialog(page)).toBeHidden();
  const note = page.getByRole('status').filter({ hasText: 'Imported 4 files from octo/demo at main' });
  await expect(note).toContainText(`(${commit.slice(0, 7)})`);
  await expect(note).toContainText('Skipped node_modules/ (1 file)');
  await expect(item(page, 'logo.png')).toBeVisible();
  await expect(item(page, 'math.js')).toBeVisible();

  const files = await downloadedFiles(page);
  expect(Object.keys(files).sort()).toEqual(['README.md', 'assets/logo.png', 'docs/guide/intro.md', 'src/lib/math.js']);
  expect(Buffer.from(files['assets/logo.png']!).equals(PNG)).toBe(true);
  expect(new TextDecoder().decode(files['docs/guide/intro.md'])).toBe('Intro\r\n');

  // No token was set: no request carried one.
  expect(github.requests().every((request) => request.headers.authorization === undefined)).toBe(true);
});

test('one folder of a repository at a tag, from its github.com address, and Undo takes it out again', async ({ page, github }) => {
  github.addRepository('octo/demo', REPOSITORY, { tags: { 'v1.0': { 'docs/guide/intro.md': 'Intro at v1\n', 'docs/guide/deep/more.md': 'more\n', 'src/other.js': '1' } } });
  await openApp(page);
  await useGitHub(page, github);
  await importFromGitHub(page, 'https://github.com/octo/demo/tree/v1.0/docs/guide');
  const note = page.getByRole('status').filter({ hasText: 'Imported 2 files from octo/demo/docs/guide at v1.0' });
  await expect(item(page, 'more.md')).toBeVisible();
  await note.getByRole('button', { name: 'Undo' }).click();
  await expect(item(page, 'intro.md')).toHaveCount(0);

  await importFromGitHub(page, 'octo/demo@v1.0');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 files from octo/demo at v1.0' })).toBeVisible();
  const files = await downloadedFiles(page);
  expect(Object.keys(files).sort()).toEqual(['docs/guide/deep/more.md', 'docs/guide/intro.md', 'src/other.js']);
  expect(new TextDecoder().decode(files['docs/guide/intro.md'])).toBe('Intro at v1\n');
});

test('a private repository needs the token, which goes only to the GitHub API, as the Authorization header', async ({ page, github }) => {
  github.addRepository('octo/secret', { 'app.js': 'secret code\n' }, { private: true });
  await openApp(page);
  const seen: { url: string; authorization?: string }[] = [];
  page.on('request', (request) => seen.push({ url: request.url(), ...(request.headers().authorization ? { authorization: request.headers().authorization } : {}) }));

  await useGitHub(page, github);
  await importFromGitHub(page, 'octo/secret');
  await expect(dialog(page).getByRole('alert')).toContainText('GitHub found no repository octo/secret');
  await expect(dialog(page).getByRole('alert')).toContainText('add a GitHub token in Settings');
  await expect(dialog(page).getByRole('textbox', { name: 'Repository' })).toHaveValue('octo/secret');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/secret');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file from octo/secret at main' })).toBeVisible();

  const withToken = seen.filter((request) => request.authorization !== undefined);
  expect(withToken.length).toBeGreaterThan(0);
  for (const request of withToken) {
    expect(request.url.startsWith(`${github.url}/`)).toBe(true);
    expect(request.authorization).toBe(`token ${github.token}`);
  }
  // Nowhere else: no other request's URL or body, and nothing stored (the key was not remembered).
  for (const request of seen) expect(request.url).not.toContain(github.token);
  const stored = JSON.stringify(await page.context().storageState({ indexedDB: true }));
  expect(stored).not.toContain(github.token);
});

test('a wrong token, the rate limit and a failure halfway each say what happened, and nothing is imported', async ({ page, github }) => {
  github.addRepository('octo/demo', REPOSITORY);
  await openApp(page);

  await useGitHub(page, github, 'ghp_wrong');
  await importFromGitHub(page, 'octo/demo');
  await expect(dialog(page).getByRole('alert')).toContainText('GitHub refused the token');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  await useGitHub(page, github, '');
  const reset = Math.floor(Date.now() / 1000) + 600;
  github.fault({ status: 403, path: '^/repos/octo/demo$', times: 1, headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': String(reset) }, body: { message: 'API rate limit exceeded' } });
  await importFromGitHub(page, 'octo/demo');
  await expect(dialog(page).getByRole('alert')).toContainText("GitHub's rate limit is used up");
  await expect(dialog(page).getByRole('alert')).toContainText('(in 10 min)');

  // The second blob fails: nothing of the first is written.
  github.fault({ status: 500, path: '/git/blobs/', after: 1, times: 1 });
  await dialog(page).getByRole('button', { name: 'Import' }).click();
  await expect(dialog(page).getByRole('alert')).toContainText('GitHub answered 500');
  await expect(dialog(page).getByRole('alert')).toContainText('Nothing was imported');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(tree(page).getByRole('treeitem')).toHaveCount(0);

  // A ref or a repository that does not exist.
  await importFromGitHub(page, 'octo/demo@nope');
  await expect(dialog(page).getByRole('alert')).toContainText('GitHub found no branch, tag or commit “nope” in octo/demo');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await importFromGitHub(page, 'https://github.com/octo/missing/tree/main/docs');
  await expect(dialog(page).getByRole('alert')).toContainText('GitHub found no repository octo/missing');
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();

  // And then it works.
  await importFromGitHub(page, 'octo/demo');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 4 files from octo/demo' })).toBeVisible();
});

test('a name that is not a repository is refused before any request; the dialog passes axe and works by keyboard', async ({ page, github }) => {
  await openApp(page);
  await useGitHub(page, github);
  await importFromGitHub(page, 'https://github.com/octo');
  await expect(dialog(page).getByRole('alert')).toContainText('does not name a repository');
  expect(github.requests()).toEqual([]);
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)).toEqual([]);

  // Enter imports; Escape closes, and the focus goes back to the Import button.
  github.addRepository('octo/demo', { 'a.txt': 'a\n' });
  await dialog(page).getByRole('textbox', { name: 'Repository' }).fill('octo/demo');
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file from octo/demo at main' })).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await page.getByRole('menu', { name: 'Import' }).getByRole('menuitem', { name: 'From GitHub…' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Repository' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
});

test('a repository over the import limits is refused from its listing, before any file is fetched', async ({ page, github }) => {
  const files: Record<string, string> = {};
  for (let index = 0; index < 5001; index++) files[`f/${index}.txt`] = `${index}`;
  github.addRepository('octo/huge', files);
  await openApp(page);
  await useGitHub(page, github);
  await importFromGitHub(page, 'octo/huge');
  await expect(dialog(page).getByRole('alert')).toContainText('5,001 files');
  await expect(dialog(page).getByRole('alert')).toContainText('Nothing was imported');
  expect(github.requests().filter((request) => request.path.includes('/git/blobs/'))).toEqual([]);
});
