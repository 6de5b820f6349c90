/**
 * The Sandbox file methods, written once over a small `FileBackend` that each implementation
 * supplies (just-bash's InMemoryFs offline, the WebContainer fs API online). Path rules,
 * symlink containment and error values live here so both sandboxes behave alike.
 */
import { DEFAULT_WORKSPACE_ROOTS } from '../shared/workspace-path';
import { toSandboxError } from './fs-errors';
import type { EntryKind, LinkInspector, ResolvedPath } from './real-path';
import { resolveRealPath } from './real-path';
import type { DirEntry, Sandbox } from './types';
import { sandboxError } from './types';

export interface FileBackend extends LinkInspector {
  readFile(absolute: string): Promise<Uint8Array>;
  writeFile(absolute: string, content: string | Uint8Array): Promise<void>;
  /** Recursive; succeeds when the directory exists. */
  makeDirectory(absolute: string): Promise<void>;
  readDirectory(absolute: string): Promise<DirEntry[]>;
  remove(absolute: string, recursive: boolean): Promise<void>;
  /** Bytes in a file or a link (not followed). */
  size(absolute: string, kind: 'file' | 'symlink'): Promise<number>;
}

export type SandboxFiles = Pick<Sandbox, 'readFile' | 'readTextFile' | 'writeFile' | 'readDir' | 'stat' | 'mkdir' | 'remove'>;

export interface WorkspaceFiles extends SandboxFiles {
  /** Resolves and checks `path`; rejects with a SandboxError like the file methods. */
  resolve(path: string, followFinal?: boolean): Promise<ResolvedPath>;
}

export function createWorkspaceFiles(root: string, backend: FileBackend, extraRoots: readonly string[] = DEFAULT_WORKSPACE_ROOTS): WorkspaceFiles {
  const roots = [root, ...extraRoots];
  async function resolve(path: string, followFinal = true): Promise<ResolvedPath> {
    const result = await resolveRealPath(root, path, backend, { followFinal, roots });
    if (!result.ok) throw result.error;
    return result.value;
  }
  async function attempt<T>(path: string, action: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (thrown) {
      throw toSandboxError(thrown, path, action);
    }
  }
  function fail(code: 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'EINVAL', path: string, why: string): never {
    throw sandboxError(code, `Cannot ${why.replace('%s', JSON.stringify(path || '.'))}.`, path);
  }
  async function readFile(path: string): Promise<Uint8Array> {
    const { absolute, relative, kind } = await resolve(path);
    if (kind === null) fail('ENOENT', relative, 'read %s: no such file');
    if (kind === 'directory') fail('EISDIR', relative, 'read %s: it is a directory');
    return attempt(relative, 'read', async () => new Uint8Array(await backend.readFile(absolute)));
  }

  return {
    resolve,
    readFile,
    async readTextFile(path) {
      return new TextDecoder().decode(await readFile(path));
    },
    async writeFile(path, content) {
      const { absolute, relative, kind } = await resolve(path);
      if (relative === '' || kind === 'directory') fail('EISDIR', relative, 'write %s: it is a directory');
      const parent = absolute.slice(0, absolute.lastIndexOf('/')) || '/';
      await attempt(relative, 'write', async () => {
        await backend.makeDirectory(parent).catch((thrown: unknown) => {
          const error = toSandboxError(thrown, relative, 'write');
          if (error.code === 'EEXIST') fail('ENOTDIR', relative, 'write %s: a parent is a file, not a directory');
          throw error;
        });
        await backend.writeFile(absolute, typeof content === 'string' ? content : content.slice());
      });
    },
    async readDir(path) {
      const { absolute, relative, kind } = await resolve(path);
      if (kind === null) fail('ENOENT', relative, 'list %s: no such directory');
      if (kind !== 'directory') fail('ENOTDIR', relative, 'list %s: it is a file, not a directory');
      const entries = await attempt(relative, 'list', () => backend.readDirectory(absolute));
      return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    },
    async stat(path) {
      const { absolute, kind } = await resolve(path, false);
      if (kind === null) return null;
      if (kind === 'directory') return { kind, size: 0 };
      return { kind, size: await backend.size(absolute, kind).catch(() => 0) };
    },
    async mkdir(path) {
      const { absolute, relative, kind } = await resolve(path);
      if (kind === 'directory') return;
      if (kind !== null) fail('EEXIST', relative, 'create the directory %s: a file is there');
      await attempt(relative, 'create the directory', () => backend.makeDirectory(absolute));
    },
    async remove(path, options) {
      const { absolute, relative, kind } = await resolve(path, false);
      if (relative === '') fail('EINVAL', relative, 'remove %s: it is the workspace root; remove its entries instead');
      if (kind === null) fail('ENOENT', relative, 'remove %s: no such file or directory');
      const recursive = kind === 'directory';
      if (recursive && !options?.recursive && (await readDirectoryOrEmpty(backend, absolute)).length > 0) {
        fail('EINVAL', relative, 'remove %s: the directory is not empty (pass recursive)');
      }
      await attempt(relative, 'remove', () => backend.remove(absolute, recursive));
    },
  };
}

async function readDirectoryOrEmpty(backend: FileBackend, absolute: string): Promise<DirEntry[]> {
  return backend.readDirectory(absolute).catch(() => []);
}

/** Entry kind from a Dirent-like value; a link is whatever is neither a file nor a folder. */
export function kindOfEntry(entry: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink?(): boolean }): EntryKind {
  if (entry.isSymbolicLink?.()) return 'symlink';
  if (entry.isDirectory()) return 'directory';
  return entry.isFile() ? 'file' : 'symlink';
}

export type WorkingDirectory = { ok: true; absolute: string; relative: string } | { ok: false; message: string };

/** A command's working directory: inside the workspace and an existing directory. */
export async function resolveWorkingDirectory(files: WorkspaceFiles, path: string): Promise<WorkingDirectory> {
  try {
    const { absolute, relative, kind } = await files.resolve(path);
    if (kind !== 'directory') return { ok: false, message: `Working directory "${relative || '.'}" does not exist or is not a directory.` };
    return { ok: true, absolute, relative };
  } catch (thrown) {
    return { ok: false, message: toSandboxError(thrown, path, 'use as working directory').message };
  }
}
