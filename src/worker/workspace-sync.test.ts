import { describe, expect, it } from 'vitest';
import { createOfflineSandbox } from '../sandbox/offline/offline-sandbox';
import { isReadOnlyShellCommand } from '../tools/shell-read-only';
import type { ChangeSource } from './workspace-sync';
import { asStoredContent, createSyncedWorkspace } from './workspace-sync';
import { earliestFiles } from './checkpoint-restore';

async function setup() {
  const inner = await createOfflineSandbox();
  const stored = new Map<string, string | Uint8Array>();
  const changes: { paths: string[]; by: ChangeSource }[] = [];
  const workspace = createSyncedWorkspace(
    inner,
    {
      put: async (path, content) => void stored.set(path, content),
      remove: async (path) => {
        for (const key of [...stored.keys()]) if (key === path || key.startsWith(`${path}/`)) stored.delete(key);
      },
      changed: (paths, by) => changes.push({ paths, by }),
    },
    isReadOnlyShellCommand,
  );
  return { inner, stored, changes, workspace };
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

  it('keeps text as text and binary as bytes', () => {
    expect(asStoredContent(new TextEncoder().encode('héllo'))).toBe('héllo');
    expect(asStoredContent(new Uint8Array([0, 1, 2]))).toBeInstanceOf(Uint8Array);
    expect(asStoredContent(new Uint8Array([0xff, 0xfe]))).toBeInstanceOf(Uint8Array);
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
