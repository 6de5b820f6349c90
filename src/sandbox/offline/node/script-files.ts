/**
 * The files a `node` run sees: a snapshot of the workspace (and /tmp) as text, changed in
 * place by the script, with every change recorded so the caller writes it back to the sandbox
 * when the run ends. Paths are absolute; only paths under the given roots may be written.
 * Errors are "CODE|message" strings, which the prelude turns into Node-style errors.
 */
export type FileChange = { path: string; content: string | Uint8Array } | { path: string; removed: true; directory: boolean } | { path: string; directory: true };

export interface ScriptFiles {
  read(path: string): string | undefined;
  write(path: string, content: string, append: boolean): string | null;
  stat(path: string): { type: 'file' | 'directory'; size: number } | null;
  list(path: string): string[] | null;
  mkdir(path: string, recursive: boolean): string | null;
  remove(path: string, recursive: boolean): string | null;
  rename(from: string, to: string): string | null;
  /** What changed, in order, for the sandbox. */
  changes(): FileChange[];
}

function parentOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index <= 0 ? '/' : path.slice(0, index);
}

export function createScriptFiles(snapshot: ReadonlyMap<string, string>, directories: Iterable<string>, writableRoots: readonly string[]): ScriptFiles {
  const files = new Map(snapshot);
  const dirs = new Set<string>(['/', ...directories]);
  for (const path of files.keys()) for (let dir = parentOf(path); !dirs.has(dir); dir = parentOf(dir)) dirs.add(dir);
  for (const root of writableRoots) for (let dir = root; !dirs.has(dir); dir = parentOf(dir)) dirs.add(dir);
  const changes: FileChange[] = [];
  const writable = (path: string) => writableRoots.some((root) => path === root || path.startsWith(`${root}/`));
  const refuse = (path: string) => (writable(path) ? null : `EACCES|permission denied: only the workspace and /tmp can be changed`);
  const size = (text: string) => new TextEncoder().encode(text).byteLength;

  return {
    read: (path) => files.get(path),
    write(path, content, append) {
      const refused = refuse(path);
      if (refused) return refused;
      if (dirs.has(path)) return 'EISDIR|illegal operation on a directory, open';
      if (!dirs.has(parentOf(path))) return 'ENOENT|no such file or directory, open';
      const next = append ? (files.get(path) ?? '') + content : content;
      files.set(path, next);
      changes.push({ path, content: next });
      return null;
    },
    stat(path) {
      const content = files.get(path);
      if (content !== undefined) return { type: 'file', size: size(content) };
      return dirs.has(path) ? { type: 'directory', size: 0 } : null;
    },
    list(path) {
      if (!dirs.has(path)) return null;
      const prefix = path === '/' ? '/' : `${path}/`;
      const names = new Set<string>();
      for (const entry of [...files.keys(), ...dirs]) {
        if (entry.startsWith(prefix) && entry !== path) names.add(entry.slice(prefix.length).split('/')[0]!);
      }
      return [...names].sort();
    },
    mkdir(path, recursive) {
      const refused = refuse(path);
      if (refused) return refused;
      if (files.has(path)) return 'EEXIST|file already exists, mkdir';
      if (dirs.has(path)) return recursive ? null : 'EEXIST|file already exists, mkdir';
      if (!recursive && !dirs.has(parentOf(path))) return 'ENOENT|no such file or directory, mkdir';
      for (let dir = path; !dirs.has(dir); dir = parentOf(dir)) dirs.add(dir);
      changes.push({ path, directory: true });
      return null;
    },
    remove(path, recursive) {
      const refused = refuse(path);
      if (refused) return refused;
      if (files.delete(path)) {
        changes.push({ path, removed: true, directory: false });
        return null;
      }
      if (!dirs.has(path)) return 'ENOENT|no such file or directory, rm';
      const inside = [...files.keys(), ...dirs].filter((entry) => entry.startsWith(`${path}/`));
      if (inside.length > 0 && !recursive) return 'ENOTEMPTY|directory not empty, rmdir';
      for (const entry of inside) {
        files.delete(entry);
        dirs.delete(entry);
      }
      dirs.delete(path);
      changes.push({ path, removed: true, directory: true });
      return null;
    },
    rename(from, to) {
      const refused = refuse(from) ?? refuse(to);
      if (refused) return refused;
      const content = files.get(from);
      if (content === undefined) return dirs.has(from) ? 'EISDIR|renaming folders is not supported offline, rename' : 'ENOENT|no such file or directory, rename';
      const wrote = this.write(to, content, false);
      if (wrote) return wrote;
      files.delete(from);
      changes.push({ path: from, removed: true, directory: false });
      return null;
    },
    changes: () => [...changes],
  };
}
