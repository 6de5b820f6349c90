/**
 * The person's file operations through the real controller: the offline sandbox, IndexedDB
 * (fake-indexeddb) and checkpoints. Imports are all or nothing, binaries stay byte for byte from
 * the ZIP through the sandbox and the store to the exported ZIP, and Restore undoes a change.
 */
import 'fake-indexeddb/auto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../../agent/testing/deferred';
import { T, createFakeModel } from '../../agent/testing/fake-model';
import type { FakeResponse } from '../../agent/testing/fake-model';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../../sandbox/types';
import type { AppError } from '../../shared/errors';
import { listFiles } from '../../store/files';
import type { ClientRequest, ExportedZip, ImportReport, ImportSource, TreeEditReport, WorkerEvent } from '../protocol';
import { createControllerHarness } from '../testing/controller-harness';
import { sendInParts } from '../../ui/files/import-in-parts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe, 0xef, 0xbb, 0xbf, ...Array.from({ length: 256 }, (_, index) => index)]);
/** A UTF-8 text with a byte-order mark and CRLF line ends: kept as text, exported with the same bytes. */
const BOM_TEXT = new Uint8Array([0xef, 0xbb, 0xbf, ...strToU8('line one\r\nline two\r\n')]);

let counter = 0;

function zip(files: Record<string, Uint8Array | string>): Blob {
  const tree = Object.create(null) as Zippable;
  for (const [name, content] of Object.entries(files)) tree[name] = typeof content === 'string' ? strToU8(content) : content;
  return new Blob([zipSync(tree) as Uint8Array<ArrayBuffer>]);
}

async function setup(script: FakeResponse[] = []) {
  let sandbox: Sandbox | null = null;
  const h = createControllerHarness({
    databaseName: `person-files-${counter++}`,
    model: createFakeModel(script),
    acquireSandbox: async (previous) => {
      await previous?.dispose();
      sandbox = await createOfflineSandbox();
      return sandbox;
    },
  });
  await h.init();
  const sessionId = h.loaded().at(-1)!.sessionId;
  const request = async <T,>(message: ClientRequest): Promise<{ value?: T; error?: AppError }> => {
    const answer = await h.send(message);
    return answer.error ? { error: answer.error } : { value: answer.value as T };
  };
  const stored = async () => {
    const files = await listFiles(h.db, sessionId);
    if (!files.ok) throw new Error(files.error.message);
    return new Map(files.value.map((file) => [file.path, file.content]));
  };
  const inSandbox = async (path: string) => (await sandbox!.stat(path)) ? sandbox!.readFile(path) : null;
  const importZip = (file: Blob, name = 'project.zip', into?: string) =>
    request<ImportReport>({ type: 'import-files', sessionId, source: { kind: 'zip', name, file }, ...(into ? { into } : {}) });
  return { h, sessionId, request, stored, inSandbox, importZip, sandbox: () => sandbox! };
}

const bytesOf = (content: string | Uint8Array | undefined) => (typeof content === 'string' ? strToU8(content) : content);

describe('person file operations', () => {
  it('imports a ZIP with a PNG and nested folders byte for byte into the sandbox and the store, and exports the same bytes', async () => {
    const { request, stored, inSandbox, importZip } = await setup();
    const answer = await importZip(zip({ 'logo.png': PNG, 'docs/readme.txt': BOM_TEXT, 'src/deep/app.ts': 'export {};\n', 'node_modules/x/i.js': 'dep' }));
    expect(answer.value).toMatchObject({ imported: 3, replaced: 0, skipped: [{ name: 'node_modules/', files: 1 }] });
    expect(answer.value?.checkpointId).toBeTruthy();

    expect(await inSandbox('logo.png')).toEqual(PNG);
    expect(await inSandbox('docs/readme.txt')).toEqual(BOM_TEXT);
    expect(await inSandbox('node_modules/x/i.js')).toBeNull();
    const files = await stored();
    expect(files.get('logo.png')).toEqual(PNG);
    expect(typeof files.get('docs/readme.txt')).toBe('string'); // text stays text (the editor opens it)
    expect(bytesOf(files.get('docs/readme.txt'))).toEqual(BOM_TEXT);

    const exported = await request<ExportedZip>({ type: 'export-zip', sessionId: null });
    expect(exported.value?.name).toBe('untitled-session.zip');
    const unzipped = unzipSync(exported.value!.bytes);
    expect(Object.keys(unzipped).sort()).toEqual(['docs/readme.txt', 'logo.png', 'src/deep/app.ts']);
    expect(unzipped['logo.png']).toEqual(PNG);
    expect(unzipped['docs/readme.txt']).toEqual(BOM_TEXT);
  });

  it('imports nothing from a hostile ZIP, and nothing past the limit', async () => {
    const { stored, inSandbox, importZip, sandbox } = await setup();
    const hostile = await importZip(zip({ 'fine.txt': 'fine', '../../escape.txt': 'evil' }), 'evil.zip');
    expect(hostile.error?.message).toMatch(/^evil\.zip was not imported: "\.\.\/\.\.\/escape\.txt" goes up out of the workspace/);
    expect(await inSandbox('fine.txt')).toBeNull();
    expect((await sandbox().exec('ls -a / /tmp; ls -a ..')).stdout).not.toContain('escape.txt');
    const tooBig = await importZip(zip({ 'big.bin': new Uint8Array(51 * 1024 * 1024) }), 'big.zip');
    expect(tooBig.error?.message).toBe('big.zip was not imported: its files come to 51 MB (after skipping), more than the 50 MB one import may hold. Import a smaller folder, or leave large assets out. Nothing was imported.');
    expect((await stored()).size).toBe(0);
  });

  it('puts the sandbox back when one file of an import cannot be written (a link that leads out of the workspace)', async () => {
    const { stored, inSandbox, importZip, sandbox } = await setup();
    await sandbox().exec('ln -s /tmp out');
    const answer = await importZip(zip({ 'first.txt': 'first', 'out/escaped.txt': 'evil' }));
    expect(answer.error?.message).toContain('project.zip was not imported');
    expect(await inSandbox('first.txt')).toBeNull();
    expect((await sandbox().exec('ls /tmp')).stdout).not.toContain('escaped.txt');
    expect((await stored()).size).toBe(0);
  });

  it('overwrites files of the same path, and Restore of its checkpoint undoes the whole import', async () => {
    const { request, stored, inSandbox, importZip } = await setup();
    await request({ type: 'write-file', sessionId: null, path: 'a.txt', content: 'mine' });
    const answer = await importZip(zip({ 'a.txt': 'theirs', 'b/new.txt': 'new' }));
    expect(answer.value).toMatchObject({ imported: 2, replaced: 1 });
    expect((await stored()).get('a.txt')).toBe('theirs');
    await request({ type: 'restore-checkpoints', sessionId: null, checkpointIds: [answer.value!.checkpointId!] });
    expect([...(await stored())]).toEqual([['a.txt', 'mine']]);
    expect(await inSandbox('b/new.txt')).toBeNull();
  });

  it('refuses an import that would put a file where a folder is, or under a file', async () => {
    const { request, stored, importZip } = await setup();
    await request({ type: 'write-file', sessionId: null, path: 'src/app.ts', content: 'app' });
    expect((await importZip(zip({ src: 'a file named src' }))).error?.message).toContain('src already exists as a folder');
    expect((await importZip(zip({ 'src/app.ts/x': 'under a file' }))).error?.message).toContain('src/app.ts is a file, so src/app.ts/x cannot go inside it');
    expect([...(await stored()).keys()]).toEqual(['src/app.ts']);
  });

  it('imports a picked folder (files with their relative paths) into a folder, with skipped folders named and progress told', async () => {
    const { h, sessionId, request, stored } = await setup();
    const files = Array.from({ length: 300 }, (_, index) => ({ path: `lib/file-${index}.txt`, file: new Blob([`file ${index}`]) }));
    const source: ImportSource = { kind: 'files', name: 'my-project', files: [...files, { path: 'logo.png', file: new Blob([PNG]) }], skippedFolders: ['node_modules', 'sub/.git'] };
    const answer = await request<ImportReport>({ type: 'import-files', sessionId, source, into: 'vendor' });
    expect(answer.value).toMatchObject({ imported: 301, skipped: [{ name: 'node_modules/' }, { name: '.git/' }] });
    const kept = await stored();
    expect(kept.get('vendor/logo.png')).toEqual(PNG);
    expect(kept.get('vendor/lib/file-7.txt')).toBe('file 7');
    const progress = h.events.filter((event): event is Extract<WorkerEvent, { type: 'import-progress' }> => event.type === 'import-progress');
    expect(progress.at(-1)).toEqual({ type: 'import-progress', stage: 'writing', done: 301, total: 301 });
    expect(progress.some((event) => event.stage === 'reading')).toBe(true);
  });

  it('imports a folder sent in parts (the page hands 50 files per message) the same as one sent whole', async () => {
    const { sessionId, request, stored } = await setup();
    const files = Array.from({ length: 250 }, (_, index) => ({ path: `lib/file-${index}.txt`, file: new Blob([`file ${index}`]) }));
    const whole: ImportSource = { kind: 'files', name: 'parts-project', files: [...files, { path: 'logo.png', file: new Blob([PNG]) }], skippedFolders: ['node_modules'] };
    const sent: ClientRequest[] = [];
    const client = { request: (message: ClientRequest) => (sent.push(message), request(message).then((answer) => (answer.error ? { ok: false as const, error: answer.error } : { ok: true as const, value: undefined }))) };
    const source = await sendInParts(client, whole);
    expect(sent.map((message) => (message.type === 'import-part' ? message.files.length : 0))).toEqual([50, 50, 50, 50, 50, 1]);
    expect(source.ok && source.value).toMatchObject({ kind: 'parts', name: 'parts-project', count: 251, skippedFolders: ['node_modules'] });
    const answer = await request<ImportReport>({ type: 'import-files', sessionId, source: source.ok ? source.value : whole });
    expect(answer.value).toMatchObject({ imported: 251, skipped: [{ name: 'node_modules/' }] });
    const kept = await stored();
    expect(kept.size).toBe(251);
    expect(kept.get('lib/file-249.txt')).toBe('file 249');
    expect(kept.get('logo.png')).toEqual(PNG);
  });

  it('refuses an import whose parts did not all arrive, and writes nothing', async () => {
    const { sessionId, request, stored } = await setup();
    await request({ type: 'import-part', partsId: 'p1', files: [{ path: 'a.txt', file: new Blob(['a']) }] });
    const answer = await request<ImportReport>({ type: 'import-files', sessionId, source: { kind: 'parts', name: 'cut', partsId: 'p1', count: 2 } });
    expect(answer.error?.message).toBe('cut was not imported: only 1 of its 2 files reached the import (try again). Nothing was imported.');
    expect((await stored()).size).toBe(0);
  });

  it('creates, renames and deletes files and folders in the sandbox and the store; Restore undoes a rename and a delete', async () => {
    const { sessionId, request, stored, inSandbox, importZip } = await setup();
    expect((await request({ type: 'export-zip', sessionId: null })).error?.kind).toBe('empty');
    await importZip(zip({ 'src/a.ts': 'a', 'src/img/logo.png': PNG }));

    expect((await request<TreeEditReport>({ type: 'create-path', sessionId, path: 'notes.md', kind: 'file' })).value).toEqual({ paths: ['notes.md'], sessionId });
    expect((await request<TreeEditReport>({ type: 'create-path', sessionId, path: 'src/lib', kind: 'folder' })).value).toEqual({ paths: ['src/lib/.gitkeep'], sessionId });
    expect(await inSandbox('notes.md')).toEqual(new Uint8Array());
    expect((await request({ type: 'create-path', sessionId, path: 'notes.md', kind: 'file' })).error?.message).toBe('notes.md already exists.');
    expect((await request({ type: 'create-path', sessionId, path: 'src', kind: 'folder' })).error?.message).toBe('src already exists as a folder.');
    expect((await request({ type: 'create-path', sessionId, path: '../up.txt', kind: 'file' })).error?.message).toContain('goes up out of the workspace');
    expect((await request({ type: 'create-path', sessionId, path: 'notes.md/x', kind: 'file' })).error?.message).toContain('notes.md is a file');

    const renamed = await request<TreeEditReport>({ type: 'rename-path', sessionId, from: 'src', to: 'source' });
    expect(renamed.value?.paths.sort()).toEqual(['source/a.ts', 'source/img/logo.png', 'source/lib/.gitkeep', 'src/a.ts', 'src/img/logo.png', 'src/lib/.gitkeep']);
    expect([...(await stored()).keys()].sort()).toEqual(['notes.md', 'source/a.ts', 'source/img/logo.png', 'source/lib/.gitkeep']);
    expect(await inSandbox('source/img/logo.png')).toEqual(PNG);
    expect(await inSandbox('src/a.ts')).toBeNull();
    expect((await request({ type: 'rename-path', sessionId, from: 'source', to: 'source/inner' })).error?.message).toBe('source cannot be moved inside itself.');
    expect((await request({ type: 'rename-path', sessionId, from: 'notes.md', to: 'source' })).error?.message).toBe('source already exists as a folder.');

    const deleted = await request<TreeEditReport>({ type: 'delete-path', sessionId, path: 'source/img' });
    expect(deleted.value?.paths).toEqual(['source/img/logo.png']);
    expect(await inSandbox('source/img/logo.png')).toBeNull();
    expect((await stored()).has('source/img/logo.png')).toBe(false);

    await request({ type: 'restore-checkpoints', sessionId: null, checkpointIds: [deleted.value!.checkpointId!] });
    expect((await stored()).get('source/img/logo.png')).toEqual(PNG);
    expect(await inSandbox('source/img/logo.png')).toEqual(PNG);
    await request({ type: 'restore-checkpoints', sessionId: null, checkpointIds: [renamed.value!.checkpointId!] });
    expect([...(await stored()).keys()].sort()).toEqual(['notes.md', 'src/a.ts', 'src/img/logo.png', 'src/lib/.gitkeep']);
  });

  it('runs a save sent just before a delete first, so the deleted file does not come back', async () => {
    const { h, sessionId, request, stored, inSandbox } = await setup();
    await request({ type: 'write-file', sessionId, path: 'draft.txt', content: 'v1' });
    const saving = h.send({ type: 'write-file', sessionId, path: 'draft.txt', content: 'v2' });
    const deleting = h.send({ type: 'delete-path', sessionId, path: 'draft.txt' });
    await Promise.all([saving, deleting]);
    expect((await stored()).has('draft.txt')).toBe(false);
    expect(await inSandbox('draft.txt')).toBeNull();
  });

  it('finishes an import in the session it began in when another session is opened meanwhile', async () => {
    const { h, sessionId, stored, sandbox } = await setup();
    const files = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`f/${index}.txt`, `file ${index}`]));
    const importing = h.send({ type: 'import-files', sessionId, source: { kind: 'zip', name: 'big.zip', file: zip(files) } });
    const switching = h.send({ type: 'new-session' });
    const [imported] = await Promise.all([importing, switching]);
    expect(imported.error).toBeUndefined();
    expect((await stored()).size).toBe(200);
    const other = h.loaded().at(-1)!.sessionId;
    expect(other).not.toBe(sessionId);
    const otherFiles = await listFiles(h.db, other);
    expect(otherFiles.ok && otherFiles.value).toEqual([]);
    expect(await sandbox().readDir('')).toEqual([]);
  });

  it('refuses changes for a session that was deleted, and while the agent runs', async () => {
    const answering = createDeferred();
    const { h, sessionId, request } = await setup([{ chunks: [T('thinking')], hold: { chunkIndex: 0, until: answering.promise } }]);
    expect((await request({ type: 'create-path', sessionId: 'another', path: 'x', kind: 'file' })).error?.kind).toBe('session-deleted');
    await request({ type: 'send', sessionId: null, text: 'hello' });
    expect((await request({ type: 'create-path', sessionId, path: 'x', kind: 'file' })).error?.kind).toBe('busy');
    answering.resolve();
    await h.controller.idle();
    expect((await request({ type: 'create-path', sessionId, path: 'x', kind: 'file' })).error).toBeUndefined();
  });
});
