/**
 * What the person's file operations share, seen from their functions (person-files.ts): one at
 * a time in the order they arrived, with the editor's saves; refused while the agent runs (as
 * their turn comes), Download ZIP and Push's defaults not; a change's answer names its session;
 * an import's parts are taken when it arrives, not when its turn comes.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDeferred } from '../../agent/testing/deferred';
import { ok } from '../../shared/errors';
import { openDatabase } from '../../store/db';
import type { FileChange } from '../../store/files';
import type { SessionRuntime } from '../session/session-runtime';
import { createPersonFiles } from './person-files';

let counter = 0;

/** A session whose workspace is a map; `hold` makes the next change wait until it is released. */
function setup() {
  const files = new Map<string, string | Uint8Array>();
  const log: string[] = [];
  let held: Promise<unknown> | null = null;
  const runtime = {
    session: { id: 'session-1', title: 'Order' },
    workspace: {
      snapshot: () => new Map(files),
      async applyAsPerson(changes: readonly FileChange[]) {
        const gate = held;
        held = null;
        log.push(`start ${changes.map((change) => change.path).join(',')}`);
        await gate;
        for (const change of changes) {
          if (change.content === null) files.delete(change.path);
          else files.set(change.path, change.content);
        }
        log.push(`end ${changes.map((change) => change.path).join(',')}`);
        return ok(changes.map((change) => change.path));
      },
    },
  } as unknown as SessionRuntime;
  let running = false;
  const personFiles = createPersonFiles({
    db: openDatabase({ name: `person-files-order-${counter++}` }),
    post: () => undefined,
    running: () => running,
    github: () => ({ apiUrl: '' }),
  });
  const hold = () => {
    const gate = createDeferred();
    held = gate.promise;
    return gate;
  };
  return { personFiles, runtime, files, log, hold, setRunning: (value: boolean) => (running = value) };
}

const request = <T extends object>(payload: T) => ({ sessionId: null, ...payload });
const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('person file operations in order', () => {
  it('runs changes and saves one at a time in the order they arrived, each answered with its session', async () => {
    const { personFiles, runtime, log, hold } = setup();
    const gate = hold();
    const creating = personFiles.createPath(runtime, request({ type: 'create-path', path: 'a.txt', kind: 'file' }));
    const saving = personFiles.inOrder(async () => log.push('save'));
    const renaming = personFiles.renamePath(runtime, request({ type: 'rename-path', from: 'a.txt', to: 'b.txt' }));
    const deleting = personFiles.deletePath(runtime, request({ type: 'delete-path', path: 'b.txt' }));
    await settled();
    expect(log).toEqual(['start a.txt']);
    gate.resolve();
    expect(await creating).toEqual(ok({ paths: ['a.txt'], sessionId: 'session-1' }));
    expect((await renaming).ok).toBe(true);
    expect(await deleting).toMatchObject(ok({ paths: ['b.txt'], sessionId: 'session-1' }));
    await saving;
    expect(log).toEqual(['start a.txt', 'end a.txt', 'save', 'start a.txt,b.txt', 'end a.txt,b.txt', 'start b.txt', 'end b.txt']);
  });

  it('refuses a change whose turn comes while the agent runs; Download ZIP and Push’s defaults are answered, without a session id', async () => {
    const { personFiles, runtime, files, hold, setRunning } = setup();
    files.set('kept.txt', 'kept');
    const gate = hold();
    const first = personFiles.createPath(runtime, request({ type: 'create-path', path: 'a.txt', kind: 'file' }));
    const second = personFiles.createPath(runtime, request({ type: 'create-path', path: 'c.txt', kind: 'file' }));
    await settled();
    setRunning(true); // the first under way, the second waiting its turn
    gate.resolve();
    expect((await first).ok).toBe(true);
    expect(await second).toEqual({ ok: false, error: { kind: 'busy', message: 'The agent is working: stop it or wait for it to finish, then change files.' } });
    for (const refused of [
      personFiles.deletePath(runtime, request({ type: 'delete-path', path: 'kept.txt' })),
      personFiles.renamePath(runtime, request({ type: 'rename-path', from: 'kept.txt', to: 'moved.txt' })),
      personFiles.importFiles(runtime, request({ type: 'import-files', source: { kind: 'files', name: 'dropped', files: [] } })),
      personFiles.pushGitHub(runtime, request({ type: 'push-github', repository: 'a/b', branch: 'main', message: 'm' })),
      personFiles.publishPages(runtime, request({ type: 'publish-pages', repository: 'a/b', folder: '' })),
    ]) {
      const answer = await refused;
      expect(answer.ok ? 'applied' : answer.error.kind).toBe('busy');
    }
    expect([...files.keys()].sort()).toEqual(['a.txt', 'kept.txt']);
    const zip = await personFiles.exportZip(runtime);
    expect(zip.ok && zip.value).toMatchObject({ name: 'order.zip', files: 2 });
    expect(zip.ok && 'sessionId' in zip.value).toBe(false);
    expect(await personFiles.pushDefaults(runtime)).toEqual(ok({ repository: '', branch: 'main', message: 'Order', pagesFolder: '' }));
  });

  it('takes an import’s parts when it arrives, so parts sent for a later import while it waits do not replace them', async () => {
    const { personFiles, runtime, files, hold } = setup();
    personFiles.addImportPart({ type: 'import-part', partsId: 'p1', files: [{ path: 'first.txt', file: new Blob(['first']) }] });
    const gate = hold();
    const waiting = personFiles.createPath(runtime, request({ type: 'create-path', path: 'a.txt', kind: 'file' }));
    const importing = personFiles.importFiles(runtime, request({ type: 'import-files', source: { kind: 'parts', name: 'first', partsId: 'p1', count: 1 } }));
    personFiles.addImportPart({ type: 'import-part', partsId: 'p2', files: [{ path: 'second.txt', file: new Blob(['second']) }] });
    gate.resolve();
    await waiting;
    expect(await importing).toMatchObject(ok({ imported: 1, sessionId: 'session-1' }));
    expect(files.get('first.txt')).toBe('first');
    expect(files.has('second.txt')).toBe(false);
    const again = await personFiles.importFiles(runtime, request({ type: 'import-files', source: { kind: 'parts', name: 'again', partsId: 'p1', count: 1 } }));
    expect(again.ok ? 'imported' : again.error.message).toBe('again was not imported: only 0 of its 1 files reached the import (try again). Nothing was imported.');
  });
});
