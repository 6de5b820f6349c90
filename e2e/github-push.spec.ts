/**
 * Export → Push to GitHub… against the fake GitHub REST API: one commit on top of the branch's
 * head holding exactly the workspace's files; a head that moved is not overwritten (and a new
 * branch is offered); a repository that does not exist is created when asked. The token goes
 * only to the GitHub API, and never into a share link or a session file.
 */
import { readFile } from 'node:fs/promises';
import { decodeLink } from '../src/share/codec';
import { expect, openApp, sendMessage, transcript, useGemini } from './fixtures';
import { chooseFromMenu, importFromGitHub, item, newFile, pushDialog, REPOSITORY, test, useGitHub } from './github-helpers';

test('after an agent edit, a push makes one commit on the old head holding exactly the workspace', async ({ page, github, gemini }) => {
  const before = github.addRepository('octo/demo', REPOSITORY);
  gemini.setScript({
    responses: [
      {
        chunks: [
          {
            functionCalls: [
              { name: 'write_file', args: { file_path: 'src/lib/math.js', content: 'export const add = (a, b) => a + b + 0;\n' } },
              { name: 'write_file', args: { file_path: 'src/new.js', content: 'new\n' } },
              { name: 'run_shell_command', args: { command: 'rm README.md' } },
            ],
            finishReason: 'STOP',
          },
        ],
      },
      { chunks: [{ text: 'Edited.', finishReason: 'STOP' }] },
    ],
  });
  await openApp(page);
  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/demo');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 4 files from octo/demo at main' })).toBeVisible();
  await useGemini(page, gemini);
  await page.getByRole('combobox', { name: 'Approval mode' }).selectOption('Allow all');
  await sendMessage(page, 'edit it');
  await expect(transcript(page).getByRole('article', { name: 'Agent' })).toHaveText('Edited.');
  await expect(item(page, 'README.md')).toHaveCount(0);

  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  const dialog = pushDialog(page);
  await expect(dialog.getByRole('textbox', { name: 'Repository' })).toHaveValue('octo/demo');
  await expect(dialog.getByRole('textbox', { name: 'Branch' })).toHaveValue('main');
  await expect(dialog.getByRole('textbox', { name: 'Commit message' })).toHaveValue('edit it');
  await dialog.getByRole('textbox', { name: 'Commit message' }).fill('Edit math and add new.js');
  await dialog.getByRole('button', { name: 'Push' }).click();
  const done = dialog.getByRole('status').filter({ hasText: 'Pushed' });
  await expect(done).toContainText('Pushed to octo/demo, branch main: 1 added, 1 changed, 1 deleted.');
  const head = github.head('octo/demo', 'main')!;
  await expect(done.getByRole('link', { name: `Commit ${head.slice(0, 7)}` })).toHaveAttribute('href', `https://github.com/octo/demo/commit/${head}`);

  expect(github.commit('octo/demo', head)).toEqual({ parents: [before], message: 'Edit math and add new.js' });
  const files = github.filesAt('octo/demo', 'main')!;
  // The workspace's files, and the skipped folder the session never held, untouched.
  expect(Object.keys(files).sort()).toEqual(['assets/logo.png', 'docs/guide/intro.md', 'node_modules/dep/index.js', 'src/lib/math.js', 'src/new.js']);
  expect(files['src/lib/math.js']!.toString()).toBe('export const add = (a, b) => a + b + 0;\n');
  expect(files['assets/logo.png']!.equals(REPOSITORY['assets/logo.png'])).toBe(true);

  // The next push builds on it: nothing to push.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('status')).toContainText('Nothing to push: main of octo/demo already holds these files.');
  expect(github.head('octo/demo', 'main')).toBe(head);
});

test('a head that moved since the import is not overwritten; a new branch is offered and made', async ({ page, github }) => {
  const imported = github.addRepository('octo/demo', { 'a.txt': 'a\n' });
  await openApp(page);
  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/demo');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file' })).toBeVisible();
  const theirs = github.push('octo/demo', 'main', { 'b.txt': 'theirs\n' });

  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  const dialog = pushDialog(page);
  await dialog.getByRole('button', { name: 'Push' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('main of octo/demo has moved since these files came from it');
  expect(github.head('octo/demo', 'main')).toBe(theirs);
  const writes = github.requests().filter((request) => request.method !== 'GET');
  expect(writes).toEqual([]);

  await alert.getByRole('button', { name: 'Push to a new branch' }).click();
  await expect(dialog.getByRole('status')).toContainText('(a new branch)');
  const branch = await dialog.getByRole('status').textContent().then((text) => /branch (main-loopscope-\d+)/.exec(text ?? '')?.[1]);
  expect(branch).toBeTruthy();
  expect(github.head('octo/demo', 'main')).toBe(theirs);
  const pushed = github.head('octo/demo', branch!)!;
  // The new branch starts from the commit the files came from, so merging it back loses nothing of theirs.
  expect(github.commit('octo/demo', pushed)?.parents).toEqual([imported]);
  expect(Object.keys(github.filesAt('octo/demo', branch!)!)).toEqual(['a.txt']);
});

test('a repository that does not exist is created, private, when the person says so', async ({ page, github }) => {
  await openApp(page);
  await useGitHub(page, github, github.token);
  await newFile(page, 'hello.txt');

  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  const dialog = pushDialog(page);
  await dialog.getByRole('textbox', { name: 'Repository' }).fill('octo/fresh');
  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('alert')).toContainText('octo/fresh does not exist');
  expect(github.exists('octo/fresh')).toBe(false);
  await dialog.getByRole('alert').getByRole('button', { name: 'Create it' }).click();
  await expect(dialog.getByRole('status')).toContainText('Pushed to octo/fresh, branch main (a new private repository)');
  expect(github.created()).toEqual(['octo/fresh']);
  expect(Object.keys(github.filesAt('octo/fresh', 'main')!)).toEqual(['hello.txt']);
});

test('pushing without a token says what is needed; the token never reaches a share link or a session file', async ({ page, github }) => {
  github.addRepository('octo/demo', { 'a.txt': 'a\n' }, { private: true });
  await openApp(page);
  await useGitHub(page, github);
  await newFile(page, 'x.txt');
  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  await pushDialog(page).getByRole('textbox', { name: 'Repository' }).fill('octo/demo');
  await pushDialog(page).getByRole('button', { name: 'Push' }).click();
  await expect(pushDialog(page).getByRole('alert')).toContainText('Pushing needs a GitHub token');
  expect(github.requests()).toEqual([]);
  await pushDialog(page).getByRole('button', { name: 'Cancel' }).click();

  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/demo');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file' })).toBeVisible();

  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share session' });
  const link = await share.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/#session=/);
  expect(JSON.stringify(decodeLink(new URL(link).hash))).not.toContain(github.token);
  await page.keyboard.press('Escape');

  const downloading = page.waitForEvent('download');
  await chooseFromMenu(page, 'Export', 'Download session file');
  expect(await readFile(await (await downloading).path(), 'utf8')).not.toContain(github.token);
});

test('a push refused or failing halfway made no commit: the branch is where it was, and the push can be tried again', async ({ page, github }) => {
  const before = github.addRepository('octo/demo', { 'a.txt': 'a\n' });
  await openApp(page);
  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/demo');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file' })).toBeVisible();
  for (const name of ['one.txt', 'two.txt', 'three.txt']) {
    await newFile(page, name);
  }
  github.fault({ status: 403, method: 'POST', path: '/git/blobs$', body: { message: 'Resource not accessible by personal access token' } });

  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  const dialog = pushDialog(page);
  // A token that may read but not write.
  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('alert')).toContainText('the token lacks the permission this needs');
  expect(github.head('octo/demo', 'main')).toBe(before);
  github.clearFaults();
  github.fault({ status: 502, method: 'POST', path: '/git/blobs$', after: 1, times: 1 });
  github.fault({ status: 500, method: 'PATCH', path: '/git/refs/', times: 1 });

  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('alert')).toContainText('GitHub answered 502');
  expect(github.head('octo/demo', 'main')).toBe(before);

  // The branch's move itself fails: still no commit on it, and the person is told.
  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('alert')).toContainText('GitHub answered 500');
  expect(github.head('octo/demo', 'main')).toBe(before);

  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('status')).toContainText('Pushed to octo/demo, branch main: 3 added.');
  expect(github.commit('octo/demo', github.head('octo/demo', 'main')!)?.parents).toEqual([before]);
});

test('after a reload, Push starts from where the files came from: the repository, its branch and its head', async ({ page, github }) => {
  github.addRepository('octo/demo', { 'a.txt': 'a\n' }, { branch: 'trunk' });
  await openApp(page);
  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/demo');
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file from octo/demo at trunk' })).toBeVisible();
  await page.reload();
  await expect(item(page, 'a.txt')).toBeVisible();
  const theirs = github.push('octo/demo', 'trunk', { 'b.txt': 'b\n' });

  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  const dialog = pushDialog(page);
  await expect(dialog.getByRole('textbox', { name: 'Repository' })).toHaveValue('octo/demo');
  await expect(dialog.getByRole('textbox', { name: 'Branch' })).toHaveValue('trunk');
  await dialog.getByRole('button', { name: 'Push' }).click();
  // The token was not remembered: after the reload there is none.
  await expect(dialog.getByRole('alert')).toContainText('Pushing needs a GitHub token');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await useGitHub(page, github, github.token);
  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('alert')).toContainText('trunk of octo/demo has moved since these files came from it');
  expect(github.head('octo/demo', 'trunk')).toBe(theirs);
});

test('a push that would delete most of the branch asks first (after an Undo of the import, say)', async ({ page, github }) => {
  const before = github.addRepository('octo/demo', { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c', 'd.txt': 'd', 'e.txt': 'e', 'f.txt': 'f' });
  await openApp(page);
  await useGitHub(page, github, github.token);
  await importFromGitHub(page, 'octo/demo');
  const note = page.getByRole('status').filter({ hasText: 'Imported 6 files' });
  await note.getByRole('button', { name: 'Undo' }).click();
  await expect(item(page, 'a.txt')).toHaveCount(0);
  await newFile(page, 'only.txt');

  await chooseFromMenu(page, 'Export', 'Push to GitHub…');
  const dialog = pushDialog(page);
  await dialog.getByRole('button', { name: 'Push' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This push would delete 6 of the 6 files on main of octo/demo');
  expect(github.head('octo/demo', 'main')).toBe(before);
  await dialog.getByRole('alert').getByRole('button', { name: 'Push anyway' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 added, 6 deleted');
  expect(Object.keys(github.filesAt('octo/demo', 'main')!)).toEqual(['only.txt']);
});
