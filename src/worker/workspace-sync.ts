/**
 * Keeps a session's workspace durable: a Sandbox decorator that mirrors every change into a
 * sink (IndexedDB's files table), whether a tool wrote the file, the person saved it in the
 * editor, or a shell command changed it (found by a rescan after the command).
 */
import type { ExecOptions, Sandbox, SpawnOptions } from '../sandbox/types';

export type ChangeSource = 'agent' | 'person' | 'restore';

export interface WorkspaceSink {
  put(path: string, content: string | Uint8Array): Promise<void>;
  remove(path: string): Promise<void>;
  changed(paths: string[], by: ChangeSource): void;
}

export interface SyncedWorkspace {
  /** What tools use: every change is mirrored, attributed to the agent. */
  sandbox: Sandbox;
  /** The person's editor saves. */
  writeAsPerson(path: string, content: string): Promise<void>;
  /** Loads stored files into an empty sandbox without echoing them back to the sink. */
  restore(files: readonly { path: string; content: string | Uint8Array }[]): Promise<void>;
  /** Puts files back (content null: the file did not exist, so it is removed). Returns the paths that changed. */
  putBack(files: readonly { path: string; content: string | Uint8Array | null }[]): Promise<string[]>;
  /** Finds changes made behind our back (shell commands, dev servers) and mirrors them. */
  rescan(by: ChangeSource): Promise<string[]>;
  /** Current file contents by path (for checkpoints). */
  snapshot(): ReadonlyMap<string, string | Uint8Array>;
}

/** Folders that are not part of what a session keeps. */
const IGNORED = new Set(['node_modules', '.git', '.cache', '.npm']);
const MAX_FILES = 5000;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

function sameContent(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  if (a.byteLength !== b.byteLength) return false;
  for (let index = 0; index < a.byteLength; index++) if (a[index] !== b[index]) return false;
  return true;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Text when the bytes are valid UTF-8 without NUL, else the bytes. */
export function asStoredContent(bytes: Uint8Array): string | Uint8Array {
  if (bytes.includes(0)) return bytes;
  try {
    return decoder.decode(bytes);
  } catch {
    return bytes;
  }
}

async function walk(sandbox: Sandbox, dir: string, into: string[]): Promise<void> {
  const entries = await sandbox.readDir(dir).catch(() => []);
  for (const entry of entries) {
    if (into.length >= MAX_FILES) return;
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.kind === 'directory') {
      if (!IGNORED.has(entry.name)) await walk(sandbox, path, into);
    } else if (entry.kind === 'file') {
      into.push(path);
    }
  }
}

export function createSyncedWorkspace(inner: Sandbox, sink: WorkspaceSink, isReadOnlyCommand: (command: string) => boolean): SyncedWorkspace {
  const known = new Map<string, string | Uint8Array>();
  let scanning: Promise<string[]> | null = null;

  async function record(path: string, content: string | Uint8Array, by: ChangeSource): Promise<void> {
    known.set(path, content);
    await sink.put(path, content);
    sink.changed([path], by);
  }

  async function scan(by: ChangeSource): Promise<string[]> {
    const paths: string[] = [];
    await walk(inner, '', paths);
    const changed: string[] = [];
    const present = new Set(paths);
    for (const path of paths) {
      const stat = await inner.stat(path).catch(() => null);
      if (!stat || stat.size > MAX_FILE_BYTES) continue;
      const content = asStoredContent(await inner.readFile(path).catch(() => new Uint8Array()));
      const previous = known.get(path);
      if (previous !== undefined && sameContent(previous, content)) continue;
      known.set(path, content);
      await sink.put(path, content);
      changed.push(path);
    }
    for (const path of [...known.keys()]) {
      if (present.has(path)) continue;
      known.delete(path);
      await sink.remove(path);
      changed.push(path);
    }
    if (changed.length > 0) sink.changed(changed, by);
    return changed;
  }

  function rescan(by: ChangeSource): Promise<string[]> {
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
      await record(path, typeof content === 'string' ? content : asStoredContent(content), 'agent');
    },
    async mkdir(path) {
      await inner.mkdir(path);
    },
    async remove(path, options) {
      await inner.remove(path, options);
      const gone = [...known.keys()].filter((candidate) => candidate === path || candidate.startsWith(`${path}/`));
      for (const candidate of gone) known.delete(candidate);
      await sink.remove(path);
      if (gone.length > 0) sink.changed(gone, 'agent');
    },
    async exec(command, options?: ExecOptions) {
      const result = await inner.exec(command, options);
      if (!isReadOnlyCommand(command)) await rescan('agent');
      return result;
    },
    async spawn(command, options: SpawnOptions) {
      const process = await inner.spawn(command, options);
      void process.exit.then(() => rescan('agent'));
      return process;
    },
    onServerReady: (listener) => inner.onServerReady(listener),
    dispose: () => inner.dispose(),
  };

  return {
    sandbox,
    async writeAsPerson(path, content) {
      await inner.writeFile(path, content);
      await record(path, content, 'person');
    },
    async restore(files) {
      for (const file of files) {
        await inner.writeFile(file.path, file.content);
        known.set(file.path, file.content);
      }
      if (files.length > 0) sink.changed(files.map((file) => file.path), 'restore');
    },
    async putBack(files) {
      const changed: string[] = [];
      for (const file of files) {
        const current = known.get(file.path);
        if (file.content === null) {
          if (current === undefined) continue;
          await inner.remove(file.path, { recursive: true }).catch(() => undefined);
          known.delete(file.path);
          await sink.remove(file.path);
        } else {
          if (current !== undefined && sameContent(current, file.content)) continue;
          await inner.writeFile(file.path, file.content);
          known.set(file.path, file.content);
          await sink.put(file.path, file.content);
        }
        changed.push(file.path);
      }
      if (changed.length > 0) sink.changed(changed, 'restore');
      return changed;
    },
    rescan,
    snapshot: () => known,
  };
}
