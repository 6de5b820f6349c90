/**
 * The offline shell's file system, confined: a shell command may change files only inside the
 * workspace (and the scratch folders /tmp and /dev), however it names them (`..`, an absolute
 * path, a symlink that leads out). Reads are not limited: outside the workspace the offline VM
 * holds only its own empty folders, nothing of the person's. A refused write fails the way a
 * read-only file system does (EROFS), so the command reports it and the model reads why.
 */
import type { IFileSystem } from 'just-bash';

/**
 * For each method that changes files, the arguments that name what it changes: `follows` when
 * it changes what a symlink leads to (writing through it), `entry` when it changes the entry
 * itself (removing or creating a link, moving it).
 */
type Change = readonly [index: number, how: 'follows' | 'entry'];
const CHANGES: Readonly<Record<string, readonly Change[]>> = {
  writeFile: [[0, 'follows']],
  appendFile: [[0, 'follows']],
  mkdir: [[0, 'follows']],
  chmod: [[0, 'follows']],
  utimes: [[0, 'follows']],
  cp: [[1, 'follows']],
  rm: [[0, 'entry']],
  mv: [
    [0, 'entry'],
    [1, 'entry'],
  ],
  symlink: [[1, 'entry']],
  link: [[1, 'entry']],
};

function inside(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path === root || path.startsWith(`${root}/`));
}

/** Most symlinks followed while resolving one path (as Linux's ELOOP limit). */
const MAX_LINKS = 40;

/**
 * Where `path` really leads: each component in turn, a symlink replaced by what it points to,
 * dangling or not (a write through a dangling link creates its target). Missing components stay
 * as named.
 */
async function realLocation(fs: IFileSystem, path: string): Promise<string> {
  const parts = fs.resolvePath('/', path).split('/').filter(Boolean);
  let current = '/';
  let links = 0;
  while (parts.length > 0) {
    const candidate = `${current === '/' ? '' : current}/${parts.shift()!}`;
    const target = await fs
      .lstat(candidate)
      .then((stat) => (stat.isSymbolicLink ? fs.readlink(candidate) : null))
      .catch(() => null);
    if (target === null) {
      current = candidate;
      continue;
    }
    if (++links > MAX_LINKS) return candidate; // a loop: judged where it stands
    parts.unshift(...fs.resolvePath(current, target).split('/').filter(Boolean));
    current = '/';
  }
  return current;
}

export function confineWrites(fs: IFileSystem, roots: readonly string[]): IFileSystem {
  const check = async (path: unknown, how: Change[1]): Promise<void> => {
    if (typeof path !== 'string') return;
    const named = fs.resolvePath('/', path);
    const slash = named.lastIndexOf('/');
    // The path as named and where it really is (through symlinks) must both be inside.
    const real = how === 'follows' ? await realLocation(fs, named) : `${await realLocation(fs, named.slice(0, slash) || '/')}/${named.slice(slash + 1)}`.replace(/^\/\//, '/');
    if (inside(named, roots) && inside(real, roots)) return;
    throw Object.assign(new Error(`EROFS: read-only file system outside the workspace, '${path}'`), { code: 'EROFS' });
  };
  return new Proxy(fs, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      const changed = typeof key === 'string' ? CHANGES[key] : undefined;
      if (!changed) return method.bind(target);
      return async (...args: unknown[]) => {
        for (const [index, how] of changed) await check(args[index], how);
        return method.apply(target, args);
      };
    },
  });
}
