import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import { isReadOnlyShellCommand } from '../../tools/shell-read-only';
import type { ChangeSource } from './workspace-sync';
import { err, ok } from '../../shared/errors';
import { createSyncedWorkspace, unstoredNotice } from './workspace-sync';
import { asStoredContent } from './workspace-content';
import { earliestFiles } from './checkpoint-restore';

const FULL = { kind: 'storage-full' as const, message: 'Browser storage is full.' };

/** A sink over a Map; while `faults.full` is set, every change fails as a full disk does. */
async function setup() {
  const inner = await createOfflineSandbox();
  const stored = new Map<string, string | Uint8Array>();
  const changes: { paths: string[]; by: ChangeSource }[] = [];
  const unsaved: { paths: string[]; message: string; by: ChangeSource }[] = [];
  const faults = { full: false };
  const workspace = createSyncedWorkspace(
    inner,
    {
      apply: async (batch) => {
        if (faults.full) return err(FULL);
        for (const change of batch) {
          for (const key of [...stored.keys()]) if (key === change.path || key.startsWith(`${change.path}/`)) stored.delete(key);
          if (change.content !== null) stored.set(change.path, change.content);
        }
        return ok(undefined);
      },
      changed: (paths, by) => changes.push({ paths, by }),
      unstored: (paths, error, by) => unsaved.push({ paths, message: error.message, by }),
    },
    isReadOnlyShellCommand,
  );
  return { inner, stored, changes, unsaved, faults, workspace };
}

describe('synced workspace', () => {
  it('mirrors tool writes and attributes them to the agent', async () => {
    const { workspace, stored, changes } = await setup();
    await workspace.sandbox.writeFile('src/a.ts', 'export {}');
    expect(stored.get('src/a.ts')).toBe('export {}');
    expect(changes).toEqual([{ paths: ['src/a.ts'], by: 'agent' }]);
  });

  it('finds files a shell command created, changed and deleted, and leaves node_modules out', async () => {
    const { workspace, stored, changes } = await setup();
    await workspace.restore([
      { path: 'keep.txt', content: 'same' },
      { path: 'edit.txt', content: 'old' },
      { path: 'gone.txt', content: 'bye' },
    ]);
    changes.length = 0;
    await workspace.sandbox.exec('echo new > made.txt; echo changed > edit.txt; rm gone.txt; mkdir -p node_modules/x && echo dep > node_modules/x/i.js');
    expect([...stored.keys()].sort()).toEqual(['edit.txt', 'made.txt']);
    expect(stored.get('edit.txt')).toBe('changed\n');
    expect(changes).toHaveLength(1);
    expect(changes[0]?.by).toBe('agent');
    expect([...(changes[0]?.paths ?? [])].sort()).toEqual(['edit.txt', 'gone.txt', 'made.txt']);
  });

  it('does not rescan after a read-only command', async () => {
    const { workspace, inner, changes } = await setup();
    await inner.writeFile('behind-our-back.txt', 'x');
    await workspace.sandbox.exec('ls');
    expect(changes).toEqual([]);
    await workspace.sandbox.exec('true > /dev/null; echo');
    expect(changes.map((change) => change.paths)).toEqual([['behind-our-back.txt']]);
  });

  it("restores stored files without echoing them back, and puts checkpointed files back", async () => {
    const { workspace, stored, changes, inner } = await setup();
    await workspace.restore([{ path: 'a.txt', content: 'one' }]);
    expect(stored.size).toBe(0);
    expect(changes).toEqual([{ paths: ['a.txt'], by: 'restore' }]);
    await workspace.writeAsPerson('a.txt', 'two');
    await workspace.sandbox.writeFile('b.txt', 'new');
    const changed = await workspace.putBack([
      { path: 'a.txt', content: 'one' },
      { path: 'b.txt', content: null },
    ]);
    expect(changed).toEqual(['a.txt', 'b.txt']);
    expect(await inner.readTextFile('a.txt')).toBe('one');
    expect(await inner.stat('b.txt')).toBeNull();
    expect(stored.has('b.txt')).toBe(false);
  });

  it("applies the person's batch all together, and puts the sandbox back when the store refuses it", async () => {
    const { workspace, stored, changes, faults, inner } = await setup();
    await workspace.writeAsPerson('old/a.txt', 'a');
    await workspace.writeAsPerson('keep.txt', 'before');
    changes.length = 0;
    const batch = [
      { path: 'old', content: null },
      { path: 'new/a.txt', content: 'a' },
      { path: 'keep.txt', content: 'after' },
      { path: 'logo.png', content: new Uint8Array([0x89, 0, 0xff]) },
    ];
    faults.full = true;
    const refused = await workspace.applyAsPerson(batch);
    expect(refused).toEqual({ ok: false, error: FULL });
    expect(await inner.readTextFile('old/a.txt')).toBe('a');
    expect(await inner.readTextFile('keep.txt')).toBe('before');
    expect(await inner.stat('new/a.txt')).toBeNull();
    expect(await inner.stat('logo.png')).toBeNull();
    expect([...workspace.snapshot().keys()].sort()).toEqual(['keep.txt', 'old/a.txt']);
    expect(changes).toEqual([]);

    faults.full = false;
    const written: number[] = [];
    const applied = await workspace.applyAsPerson(batch, (count) => written.push(count));
    expect(applied.ok && applied.value.sort()).toEqual(['keep.txt', 'logo.png', 'new/a.txt', 'old/a.txt']);
    expect(written).toEqual([1, 2, 3, 4]);
    expect([...stored.keys()].sort()).toEqual(['keep.txt', 'logo.png', 'new/a.txt']);
    expect(await inner.readFile('logo.png')).toEqual(new Uint8Array([0x89, 0, 0xff]));
    expect(await inner.stat('old')).toBeNull();
    expect(changes).toEqual([{ paths: expect.arrayContaining(['old/a.txt', 'keep.txt']), by: 'person' }]);
  });

  it('puts files back in one batch; when the store refuses it, the sandbox still has them and the person is told', async () => {
    const { workspace, stored, unsaved, faults, inner } = await setup();
    await workspace.writeAsPerson('a.txt', 'before');
    faults.full = true;
    const changed = await workspace.putBack([
      { path: 'a.txt', content: null },
      { path: 'b.txt', content: 'back' },
    ]);
    expect(changed).toEqual(['a.txt', 'b.txt']);
    expect(await inner.stat('a.txt')).toBeNull();
    expect(await inner.readTextFile('b.txt')).toBe('back');
    expect(stored.get('a.txt')).toBe('before');
    expect(unsaved).toEqual([{ paths: ['a.txt', 'b.txt'], message: FULL.message, by: 'restore' }]);
    expect([...workspace.snapshot().keys()]).toEqual(['b.txt']);
    faults.full = false;
    await workspace.rescan('agent');
    expect([...stored.keys()]).toEqual(['b.txt']);
  });

  it('keeps a byte-order mark in text, so the file leaves with the bytes it came with', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0x69]);
    const kept = asStoredContent(bytes);
    expect(kept).toBe('\ufeffhi');
    expect(new TextEncoder().encode(kept as string)).toEqual(bytes);
  });

  it('keeps text as text and binary as bytes', () => {
    expect(asStoredContent(new TextEncoder().encode('héllo'))).toBe('héllo');
    expect(asStoredContent(new Uint8Array([0, 1, 2]))).toBeInstanceOf(Uint8Array);
    expect(asStoredContent(new Uint8Array([0xff, 0xfe]))).toBeInstanceOf(Uint8Array);
  });
});

describe('synced workspace when the store refuses a write', () => {
  it("returns the store's error for a person's save, and the same save stores it once space is free", async () => {
    const { workspace, stored, changes, unsaved, faults, inner } = await setup();
    faults.full = true;
    expect(await workspace.writeAsPerson('notes.txt', 'typed')).toEqual({ ok: false, error: FULL });
    expect(await inner.readTextFile('notes.txt')).toBe('typed');
    expect(stored.has('notes.txt')).toBe(false);
    expect(changes).toEqual([]);
    // The editor shows its own failure; no second report.
    expect(unsaved).toEqual([]);

    faults.full = false;
    expect(await workspace.writeAsPerson('notes.txt', 'typed')).toEqual({ ok: true, value: undefined });
    expect(stored.get('notes.txt')).toBe('typed');
    expect(changes).toEqual([{ paths: ['notes.txt'], by: 'person' }]);
  });

  it('leaves a failed save not stored, so the next rescan stores it', async () => {
    const { workspace, stored, faults } = await setup();
    await workspace.restore([{ path: 'notes.txt', content: 'old' }]);
    faults.full = true;
    await workspace.writeAsPerson('notes.txt', 'new');
    faults.full = false;
    expect(await workspace.rescan('person')).toEqual(['notes.txt']);
    expect(stored.get('notes.txt')).toBe('new');
  });

  it("reports an agent write the store refused, and the agent's next command stores it", async () => {
    const { workspace, stored, changes, unsaved, faults } = await setup();
    faults.full = true;
    await workspace.sandbox.writeFile('index.html', '<h1>hi</h1>');
    expect(unsaved).toEqual([{ paths: ['index.html'], message: FULL.message, by: 'agent' }]);
    expect(changes).toEqual([]);
    expect(stored.size).toBe(0);

    faults.full = false;
    await workspace.sandbox.exec('mkdir -p out');
    expect(stored.get('index.html')).toBe('<h1>hi</h1>');
    expect(changes).toEqual([{ paths: ['index.html'], by: 'agent' }]);
  });

  it('reports a command whose changes could not be stored, and the next rescan stores them', async () => {
    const { workspace, stored, unsaved, faults } = await setup();
    faults.full = true;
    await workspace.sandbox.exec('echo one > a.txt; echo two > b.txt');
    expect(unsaved).toEqual([{ paths: ['a.txt', 'b.txt'], message: FULL.message, by: 'agent' }]);
    faults.full = false;
    expect((await workspace.rescan('agent')).sort()).toEqual(['a.txt', 'b.txt']);
    expect(stored.get('b.txt')).toBe('two\n');
  });

  it('keeps a file whose removal the store refused known, so the next rescan removes it', async () => {
    const { workspace, stored, unsaved, faults } = await setup();
    await workspace.sandbox.writeFile('old.txt', 'x');
    faults.full = true;
    await workspace.sandbox.remove('old.txt');
    expect(unsaved.map((report) => report.paths)).toEqual([['old.txt']]);
    expect(workspace.snapshot().has('old.txt')).toBe(false);
    faults.full = false;
    expect(await workspace.rescan('agent')).toEqual(['old.txt']);
    expect(stored.has('old.txt')).toBe(false);
  });

  it('checkpoints and puts back what the sandbox holds, stored or not', async () => {
    const { workspace, stored, faults, inner } = await setup();
    await workspace.restore([{ path: 'a.txt', content: 'stored' }]);
    faults.full = true;
    await workspace.sandbox.writeFile('a.txt', 'in the sandbox only');
    await workspace.sandbox.writeFile('new.txt', 'never stored');
    expect(workspace.snapshot().get('a.txt')).toBe('in the sandbox only');
    expect(workspace.snapshot().has('new.txt')).toBe(true);
    faults.full = false;
    // Putting back the stored text still changes the sandbox.
    const changed = await workspace.putBack([
      { path: 'a.txt', content: 'stored' },
      { path: 'new.txt', content: null },
    ]);
    expect(changed).toEqual(['a.txt', 'new.txt']);
    expect(await inner.readTextFile('a.txt')).toBe('stored');
    expect(await inner.stat('new.txt')).toBeNull();
    expect(stored.get('a.txt')).toBe('stored');
  });

  it('tells the person which files were not saved and what happens to them', () => {
    expect(unstoredNotice(['a', 'b', 'c', 'd', 'e'], FULL)).toBe(
      'Not saved: a, b, c and 2 more. Browser storage is full. They are in the sandbox only until this tab closes; the next change or shell command saves again.',
    );
  });
});

describe('restoring several checkpoints', () => {
  it('removes files created after a whole-workspace checkpoint', () => {
    const files = earliestFiles(
      [{ id: 'c1', sessionId: 's', createdAt: 1, label: 'shell', files: [{ path: 'a', content: 'x' }], wholeWorkspace: true }],
      ['a', 'made-by-command'],
    );
    expect(files).toEqual([
      { path: 'a', content: 'x' },
      { path: 'made-by-command', content: null },
    ]);
  });

  it('takes the earliest snapshot of each file', () => {
    const files = earliestFiles([
      { id: 'c2', sessionId: 's', createdAt: 2, label: 'second', files: [{ path: 'a', content: 'after first edit' }, { path: 'b', content: null }] },
      { id: 'c1', sessionId: 's', createdAt: 1, label: 'first', files: [{ path: 'a', content: 'original' }] },
    ]);
    expect(files).toEqual([
      { path: 'a', content: 'original' },
      { path: 'b', content: null },
    ]);
  });
});
