/**
 * A script's view of the workspace: the shell's files read in before a run (node as text,
 * python as bytes), and what the run changed written back after, so it shows in the tree and
 * is stored like any other command's changes. .git is skipped.
 */
import type { IFileSystem } from 'just-bash';
import type { FileChange } from './script-files';

/** Most bytes of files read into one run. */
export const SNAPSHOT_MAX_BYTES = 64 * 1024 * 1024;
const SKIPPED = new Set(['.git']);

/** The roots' files (as `read` gives them), or the size at which reading stopped. */
export async function snapshot<Content>(
  fs: IFileSystem,
  roots: readonly string[],
  maxBytes: number,
  read: (fs: IFileSystem, path: string) => Promise<Content>,
): Promise<{ files: [string, Content][]; directories: string[] } | { tooBig: number }> {
  const files: [string, Content][] = [];
  const directories: string[] = [];
  let bytes = 0;
  const walk = async (dir: string): Promise<boolean> => {
    directories.push(dir);
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
      if (SKIPPED.has(name)) continue;
      const path = `${dir}/${name}`;
      const stat = await fs.stat(path).catch(() => null);
      if (!stat) continue;
      if (stat.isDirectory) {
        if (!(await walk(path))) return false;
        continue;
      }
      if (!stat.isFile) continue;
      bytes += stat.size;
      if (bytes > maxBytes) return false;
      files.push([path, await read(fs, path)]);
    }
    return true;
  };
  for (const root of roots) {
    if (!(await fs.exists(root))) continue;
    if (!(await walk(root))) return { tooBig: bytes };
  }
  return { files, directories };
}

export async function writeBack(fs: IFileSystem, changes: FileChange[]): Promise<void> {
  for (const change of changes) {
    if ('content' in change) await fs.writeFile(change.path, change.content);
    else if ('removed' in change) await fs.rm(change.path, { recursive: change.directory, force: true });
    else await fs.mkdir(change.path, { recursive: true });
  }
}

