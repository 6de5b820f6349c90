/**
 * Keeps a session's workspace durable: a Sandbox decorator that mirrors every change into a
 * sink (IndexedDB's files table), whether a tool wrote the file, the person saved it in the
 * editor, or a shell command changed it (found by a rescan after the command).
 *
 * `known` holds only what the sink has stored. A change the sink failed to store (a full disk,
 * a closed database) stays in the sandbox and in `unstored`, is reported through
 * `sink.unstored` (the person's own saves get the error back instead), and is stored again by
 * the next save of that file or the next rescan.
 */
import type { ExecOptions, Sandbox, SandboxProcess, SpawnOptions } from '../../sandbox/types';
import { err, messageOf, ok } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import type { FileChange } from '../../store/files';
export { unstoredNotice } from './workspace-content';
import { foldersOf } from '../../shared/workspace-path';
import { asStoredContent, readScanned, sameContent, undoOf, walkFiles } from './workspace-content';

export type ChangeSource = 'agent' | 'person' | 'restore';

export interface WorkspaceSink {
  /** Stores changes (content null removes a path and what is under it) all together or not at all; a failure is a value, never a rejection. */
  apply(changes: readonly FileChange[]): Promise<Result<void, AppError>>;
  changed(paths: string[], by: ChangeSource): void;
  /** Paths changed in the sandbox that could not be stored (or removed): they are kept only until the page closes. */
  unstored(paths: string[], error: AppError, by: ChangeSource): void;
}

export interface SyncedWorkspace {
  /** What tools use: every change is mirrored, attributed to the agent. */
  sandbox: Sandbox;
  /** The person's editor saves: ok once stored, else the store's error (not reported to `sink.unstored`). */
  writeAsPerson(path: string, content: string): Promise<Result<void, AppError>>;
  /** The person's batch (import, new file, rename, delete; content null removes a path and all under it), all or none: written
   * into the sandbox (`progress` counts), then stored in one transaction; if either fails, the sandbox gets its kept files back. */
  applyAsPerson(changes: readonly FileChange[], progress?: (written: number) => void): Promise<Result<string[], AppError>>;
  /** Loads stored files into an empty sandbox without echoing them back to the sink. */
  restore(files: readonly { path: string; content: string | Uint8Array }[]): Promise<void>;
  /** Puts files back (content null: the file did not exist, so it is removed). Returns the paths that changed. */
  putBack(files: readonly { path: string; content: string | Uint8Array | null }[]): Promise<string[]>;
  /** Finds changes made behind our back (shell commands, dev servers) and mirrors them. */
  rescan(by: ChangeSource): Promise<string[]>;
  /** Current file contents by path, stored or not (for checkpoints). */
  snapshot(): ReadonlyMap<string, string | Uint8Array>;
  /**
   * The session lets go of the sandbox (it is being left; WebContainer's sandbox goes on to the
   * next session): the processes it started are killed, a scan under way finishes first, and
   * nothing the sandbox does afterwards (a late exit, a rescan) is mirrored into this session.
   */
  close(): Promise<void>;
}

export function createSyncedWorkspace(inner: Sandbox, sink: WorkspaceSink, isReadOnlyCommand: (command: string) => boolean): SyncedWorkspace {
  /** What the sink has stored, by path. */
  const known = new Map<string, string | Uint8Array>();
  /** What the sandbox holds where the sink failed to store it (null: removed from the sandbox, still stored). */
  const unstored = new Map<string, string | Uint8Array | null>();
  let scanning: Promise<string[]> | null = null;
  /** Processes started through this workspace and still running. */
  const processes = new Set<SandboxProcess>();
  let closed = false;

  const under = (path: string) => (candidate: string) => candidate === path || candidate.startsWith(`${path}/`);

  /** Stores one file; `known` changes only once the sink has it. */
  async function store(path: string, content: string | Uint8Array): Promise<Result<void, AppError>> {
    const put = await sink.apply([{ path, content }]);
    if (put.ok) {
      known.set(path, content);
      unstored.delete(path);
    } else {
      unstored.set(path, content);
    }
    return put;
  }

  /** Removes a path (and what is under it) from the sink; on failure the stored files stay known, so a rescan removes them again. */
  async function unstore(path: string): Promise<Result<void, AppError>> {
    const inside = under(path);
    // Never stored: nothing to remove from the sink.
    for (const candidate of [...unstored.keys()]) if (inside(candidate) && !known.has(candidate)) unstored.delete(candidate);
    const removed = await sink.apply([{ path, content: null }]);
    for (const candidate of [...known.keys()]) {
      if (!inside(candidate)) continue;
      if (removed.ok) {
        known.delete(candidate);
        unstored.delete(candidate);
      } else {
        unstored.set(candidate, null);
      }
    }
    return removed;
  }

  /** After a batch reached the sandbox: what is stored and what is not, by whether the sink stored it. */
  function settle(changes: readonly FileChange[], stored: boolean): void {
    const folders = foldersOf([...known.keys(), ...unstored.keys()]);
    const forget = (path: string) => {
      if (!stored && known.has(path)) return void unstored.set(path, null); // still stored: a rescan removes it again
      known.delete(path);
      unstored.delete(path);
    };
    for (const { path, content } of changes) {
      if (content === null) (folders.has(path) ? [...new Set([...known.keys(), ...unstored.keys()])].filter(under(path)) : [path]).forEach(forget);
      else if (!stored) unstored.set(path, content);
      else {
        known.set(path, content);
        unstored.delete(path);
      }
    }
  }

  /** The sandbox's content of a path as far as this workspace knows it (undefined: absent). */
  function current(path: string): string | Uint8Array | undefined {
    return unstored.has(path) ? (unstored.get(path) ?? undefined) : known.get(path);
  }

  /** Collects what one pass stored and what it could not, and tells the sink. */
  function outcome(by: ChangeSource) {
    const stored: string[] = [];
    const failed: string[] = [];
    let failure: AppError | null = null;
    return {
      add(path: string, result: Result<void, AppError>) {
        if (result.ok) stored.push(path);
        else {
          failed.push(path);
          failure = result.error;
        }
      },
      report(): string[] {
        if (stored.length > 0) sink.changed(stored, by);
        if (failure) sink.unstored(failed, failure, by);
        return stored;
      },
    };
  }

  async function scan(by: ChangeSource): Promise<string[]> {
    const paths: string[] = [];
    await walkFiles(inner, '', paths);
    const pass = outcome(by);
    const present = new Set(paths);
    for (const path of paths) {
      const content = await readScanned(inner, path);
      if (content === null) continue;
      const previous = known.get(path);
      if (previous !== undefined && sameContent(previous, content)) {
        unstored.delete(path); // back to what is stored
        continue;
      }
      pass.add(path, await store(path, content));
    }
    for (const path of [...unstored.keys()]) if (!present.has(path) && !known.has(path)) unstored.delete(path);
    for (const path of [...known.keys()]) {
      if (present.has(path) || !known.has(path)) continue;
      pass.add(path, await unstore(path));
    }
    return pass.report();
  }

  function rescan(by: ChangeSource): Promise<string[]> {
    if (closed) return Promise.resolve([]);
    // One scan at a time; a request during a scan waits for it and then scans again.
    const run = (scanning ?? Promise.resolve([] as string[])).then(() => scan(by));
    scanning = run.finally(() => {
      if (scanning === run) scanning = null;
    });
    return run;
  }

  const sandbox: Sandbox = {
    kind: inner.kind,
    readFile: (path) => inner.readFile(path),
    readTextFile: (path) => inner.readTextFile(path),
    readDir: (path) => inner.readDir(path),
    stat: (path) => inner.stat(path),
    async writeFile(path, content) {
      await inner.writeFile(path, content);
      const pass = outcome('agent');
      pass.add(path, await store(path, typeof content === 'string' ? content : asStoredContent(content)));
      pass.report();
    },
    async mkdir(path) {
      await inner.mkdir(path);
    },
    async remove(path, options) {
      await inner.remove(path, options);
      const gone = [...new Set([...known.keys(), ...unstored.keys()])].filter(under(path));
      const removed = await unstore(path);
      if (gone.length === 0) return;
      if (removed.ok) sink.changed(gone, 'agent');
      else sink.unstored(gone, removed.error, 'agent');
    },
    async exec(command, options?: ExecOptions) {
      const result = await inner.exec(command, options);
      if (!isReadOnlyCommand(command)) await rescan('agent');
      return result;
    },
    async spawn(command, options: SpawnOptions) {
      if (closed) throw new Error('This session no longer holds the sandbox.');
      const process = await inner.spawn(command, options);
      processes.add(process);
      void process.exit.then(
        () => {
          processes.delete(process);
          return rescan('agent');
        },
        () => processes.delete(process),
      );
      return process;
    },
    onServerReady: (listener) => inner.onServerReady(listener),
    dispose: () => inner.dispose(),
  };

  return {
    sandbox,
    async writeAsPerson(path, content) {
      try {
        await inner.writeFile(path, content);
      } catch (thrown) {
        return err({ kind: 'sandbox', message: `${path} could not be written: ${messageOf(thrown)}` });
      }
      const put = await store(path, content);
      if (put.ok) sink.changed([path], 'person');
      return put;
    },
    async applyAsPerson(changes, progress) {
      const undo = undoOf(changes, snapshotOf());
      const putBackInner = async () => {
        for (const { path, content } of [...undo].reverse()) await (content === null ? inner.remove(path, { recursive: true }) : inner.writeFile(path, content)).catch(() => undefined);
      };
      try {
        for (const [index, change] of changes.entries()) {
          if (change.content !== null) await inner.writeFile(change.path, change.content);
          else if (await inner.stat(change.path)) await inner.remove(change.path, { recursive: true });
          progress?.(index + 1);
        }
      } catch (thrown) {
        await putBackInner();
        return err({ kind: 'sandbox', message: messageOf(thrown) });
      }
      const stored = await sink.apply(changes);
      if (!stored.ok) {
        await putBackInner();
        return stored;
      }
      settle(changes, true);
      const changed = [...new Set(undo.map((file) => file.path))];
      if (changed.length > 0) sink.changed(changed, 'person');
      return ok(changed);
    },
    async restore(files) {
      for (const file of files) {
        await inner.writeFile(file.path, file.content);
        known.set(file.path, file.content);
      }
      if (files.length > 0) sink.changed(files.map((file) => file.path), 'restore');
    },
    async putBack(files) {
      const changes: FileChange[] = [];
      for (const file of files) {
        const now = current(file.path);
        const inStep = !unstored.has(file.path);
        if (inStep && (file.content === null ? now === undefined : now !== undefined && sameContent(now, file.content))) continue;
        if (file.content === null) await inner.remove(file.path, { recursive: true }).catch(() => undefined);
        else await inner.writeFile(file.path, file.content);
        changes.push(file);
      }
      if (changes.length === 0) return [];
      // One transaction for all of them (an undone import puts back thousands); what it cannot store stays unstored.
      const stored = await sink.apply(changes);
      settle(changes, stored.ok);
      const changed = changes.map((change) => change.path);
      if (stored.ok) sink.changed(changed, 'restore');
      else sink.unstored(changed, stored.error, 'restore');
      return changed;
    },
    rescan,
    async close() {
      closed = true;
      for (const process of processes) process.kill();
      processes.clear();
      await scanning?.catch(() => undefined);
    },
    snapshot: snapshotOf,
  };

  function snapshotOf(): ReadonlyMap<string, string | Uint8Array> {
    if (unstored.size === 0) return known;
    const files = new Map(known);
    for (const [path, content] of unstored) {
      if (content === null) files.delete(path);
      else files.set(path, content);
    }
    return files;
  }
}
