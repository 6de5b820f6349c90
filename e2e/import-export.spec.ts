/**
 * Getting work in and out (UI contract "Getting work in and out"): a ZIP with a PNG and nested
 * folders imported through `Import` → `Open ZIP`, seen in the tree and in the sandbox's shell,
 * downloaded again through `Export` → `Download ZIP` with the same bytes; a folder through the
 * directory input; files dropped on the tree; the limit; and the tree's New file, New folder,
 * Rename, Delete and Undo, by keyboard and by context menu.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { expect, openApp, test } from './fixtures';

/** A PNG signature, NULs and every byte value: what a text round trip would break. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, ...Array.from({ length: 256 }, (_, index) => index)]);
const APP = 'export const answer = 42;\r\n';

const tree = (page: Page) => page.getByRole('tree', { name: 'Files' });
const item = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });

async function chooseFromMenu(page: Page, menu: 'Import' | 'Export', choice: string): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menu', { name: menu }).getByRole('menuitem', { name: choice }).click();
}

async function importZip(page: Page, name: string, bytes: Uint8Array): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await chooseFromMenu(page, 'Import', 'Open ZIP');
  await (await chooser).setFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(bytes) });
}

/** Runs a command in the Terminal pane and waits for each marker in its output. */
async function inTerminal(page: Page, command: string, ...markers: string[]): Promise<void> {
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Terminal' }).click();
  const terminal = page.getByRole('region', { name: 'Terminal' });
  await expect(terminal.locator('.xterm')).toBeVisible();
  await terminal.locator('.xterm').click();
  await page.keyboard.type(command);
  await page.keyboard.press('Enter');
  for (const marker of markers) await expect(terminal.locator('.xterm-rows')).toContainText(marker);
  await page.getByRole('tablist', { name: 'Views' }).getByRole('tab', { name: 'Editor' }).click();
}

test('a ZIP with a PNG and nested folders comes in and goes out byte for byte', async ({ page }) => {
  await openApp(page);
  const archive = zipSync({ 'logo.png': PNG, 'src/deep/app.ts': strToU8(APP), 'node_modules/dep/index.js': strToU8('dep') });
  await importZip(page, 'project.zip', archive);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 files from project.zip.' })).toContainText('Skipped node_modules/ (1 file)');
  await expect(item(page, 'logo.png')).toBeVisible();
  await expect(item(page, 'src')).toBeVisible();
  await expect(item(page, 'app.ts')).toBeVisible();

  // The sandbox has them: the shell lists the folder and counts the PNG's bytes.
  await inTerminal(page, 'ls src/deep && wc -c < logo.png && cat src/deep/app.ts', 'answer = 42', String(PNG.byteLength));

  // A binary opens as a description, with the picture.
  await item(page, 'logo.png').click();
  await expect(page.getByText('logo.png is a PNG image (272 bytes).')).toBeVisible();
  await expect(page.getByRole('img', { name: 'logo.png as an image' })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await chooseFromMenu(page, 'Export', 'Download ZIP');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('untitled-session.zip');
  const exported = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(exported).sort()).toEqual(['logo.png', 'src/deep/app.ts']);
  expect(Buffer.from(exported['logo.png']!).equals(PNG)).toBe(true);
  expect(new TextDecoder().decode(exported['src/deep/app.ts'])).toBe(APP);
});

test('a ZIP over the size limit, or with a path out of the workspace, is refused whole', async ({ page }) => {
  await openApp(page);
  await importZip(page, 'huge.zip', zipSync({ 'small.txt': strToU8('fine'), 'big.bin': [new Uint8Array(51 * 1024 * 1024), { level: 1 }] }));
  await expect(page.getByRole('alert').filter({ hasText: 'huge.zip was not imported' })).toContainText('more than the 50 MB one import may hold');
  await importZip(page, 'evil.zip', zipSync({ 'fine.txt': strToU8('fine'), '../../escape.txt': strToU8('evil') }));
  await expect(page.getByRole('alert').filter({ hasText: 'evil.zip was not imported' })).toContainText('goes up out of the workspace');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(0);
});

test('Open folder (the directory input) imports a folder, leaving node_modules out', async ({ page }) => {
  const folder = await mkdtemp(join(tmpdir(), 'loopscope-folder-'));
  await mkdir(join(folder, 'assets'), { recursive: true });
  await mkdir(join(folder, 'node_modules', 'dep'), { recursive: true });
  await writeFile(join(folder, 'index.html'), '<h1>hi</h1>\n');
  await writeFile(join(folder, 'assets', 'logo.png'), PNG);
  await writeFile(join(folder, 'node_modules', 'dep', 'index.js'), 'dep');
  await openApp(page);
  // Chromium has showDirectoryPicker, which a test cannot answer; the input is what other browsers get.
  await page.locator('input[data-import="folder"]').setInputFiles(folder);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 files' })).toContainText('node_modules/ (1 file)');
  await expect(item(page, 'index.html')).toBeVisible();
  await expect(item(page, 'logo.png')).toBeVisible();
});

test('a folder of 250 files through the directory input is handed to the worker in parts and arrives whole', async ({ page }) => {
  const folder = await mkdtemp(join(tmpdir(), 'loopscope-folder-'));
  await mkdir(join(folder, 'lib'), { recursive: true });
  for (let index = 0; index < 250; index++) await writeFile(join(folder, 'lib', `file-${index}.txt`), `file ${index}\n`);
  // Counts the files in each message the page sends the agent worker.
  await page.addInitScript(() => {
    const sent: { type: string; files: number }[] = [];
    (window as unknown as { __sentToWorker: typeof sent }).__sentToWorker = sent;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const request = args[0] as { type?: string; files?: unknown[]; source?: { files?: unknown[] } };
      sent.push({ type: String(request?.type), files: request?.files?.length ?? request?.source?.files?.length ?? 0 });
      return post.apply(this, args as Parameters<typeof post>);
    };
  });
  await openApp(page);
  await page.locator('input[data-import="folder"]').setInputFiles(folder);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 250 files' })).toBeVisible();
  const sent = await page.evaluate(() => (window as unknown as { __sentToWorker: { type: string; files: number }[] }).__sentToWorker.filter((message) => message.files > 0));
  expect(sent).toEqual(Array.from({ length: 5 }, () => ({ type: 'import-part', files: 50 })));
  await inTerminal(page, 'ls lib | wc -l && cat lib/file-249.txt', '250', 'file 249');
});

test('files dropped on a folder of the tree are imported into it', async ({ page }) => {
  await openApp(page);
  await importZip(page, 'start.zip', zipSync({ 'docs/readme.md': strToU8('# docs\n') }));
  await expect(item(page, 'readme.md')).toBeVisible();
  const data = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['dropped text\n'], 'dropped.txt', { type: 'text/plain' }));
    return transfer;
  });
  await item(page, 'docs').dispatchEvent('dragover', { dataTransfer: data });
  await item(page, 'docs').dispatchEvent('drop', { dataTransfer: data });
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 file from dropped.txt.' })).toBeVisible();
  await inTerminal(page, 'cat docs/dropped.txt', 'dropped text');
});

test('New folder clicked the moment the page shows, before the first session is open, keeps its prompt and makes the folder (default URL)', async ({ page }) => {
  await page.goto('/');
  // As a person would: the button is there before the sandbox and the first session are ready.
  await page.getByRole('button', { name: 'New folder', exact: true }).click();
  const path = page.getByRole('textbox', { name: 'New folder path' });
  await expect(path).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /Offline sandbox|WebContainer/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).not.toHaveCount(0);
  // The session that opened meanwhile did not take the prompt away.
  await expect(path).toBeVisible();
  await path.fill('early');
  await path.press('Enter');
  await expect(item(page, 'early')).toBeVisible();
});

test('New file, New folder, Rename and Delete change the tree, the tabs and the sandbox; Undo brings a deleted file back', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'New folder', exact: true }).click();
  await page.getByRole('textbox', { name: 'New folder path' }).fill('src');
  await page.getByRole('textbox', { name: 'New folder path' }).press('Enter');
  await expect(item(page, 'src')).toBeVisible();

  // The new file goes into the selected folder; it opens in the editor.
  await item(page, 'src').click();
  await page.getByRole('button', { name: 'New file', exact: true }).click();
  const path = page.getByRole('textbox', { name: 'New file path' });
  await expect(path).toHaveValue('src/');
  await path.press('End');
  await path.pressSequentially('notes.md');
  await path.press('Enter');
  await expect(item(page, 'notes.md')).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'src/notes.md' })).toBeVisible();
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.type('kept through the rename');
  await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'src/notes.md', exact: true })).toBeVisible();

  // F2 renames (the unsaved text is saved first, and the tab follows).
  await item(page, 'notes.md').focus();
  await page.keyboard.press('F2');
  const rename = page.getByRole('textbox', { name: 'New name for src/notes.md' });
  await expect(rename).toBeFocused();
  await page.keyboard.type('todo');
  await page.keyboard.press('Enter');
  await expect(item(page, 'todo.md')).toBeVisible();
  await expect(item(page, 'notes.md')).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab', { name: 'src/todo.md' })).toBeVisible();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('kept through the rename');

  // The context menu deletes; the tab closes; Undo brings the file back.
  await item(page, 'todo.md').click({ button: 'right' });
  await page.getByRole('menu', { name: 'Actions for src/todo.md' }).getByRole('menuitem', { name: 'Delete' }).click();
  await expect(item(page, 'todo.md')).toHaveCount(0);
  await expect(page.getByRole('tablist', { name: 'Open files' }).getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Deleted src/todo.md.' })).toBeVisible();
  await inTerminal(page, 'test -e src/todo.md || echo todo-is-gone', 'todo-is-gone');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(item(page, 'todo.md')).toBeVisible();
  await item(page, 'todo.md').click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('kept through the rename');

  // The Delete key deletes the focused item, and the focus stays in the tree (on the row before it).
  await item(page, 'todo.md').focus();
  await page.keyboard.press('Delete');
  await expect(item(page, 'todo.md')).toHaveCount(0);
  await expect(item(page, '.gitkeep')).toBeFocused();
});
