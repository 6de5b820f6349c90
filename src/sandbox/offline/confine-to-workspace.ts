/**
 * The offline shell's file system, confined: a shell command may read and change files only
 * inside the workspace (and the scratch folders /tmp and /dev), however it names them (`..`, an
 * absolute path, a symlink that leads out). Outside them the offline VM holds only its own
 * folders, nothing of the person's, but a command has no business there either. Looking up
 * whether a path exists stays open (the shell resolves its working directory that way). A refused
 * read or write fails like a permission error (EACCES), so the command reports it and the model
 * reads why.
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
  cp: [
    [0, 'follows'],
    [1, 'follows'],
  ],
  rm: [[0, 'entry']],
  // Reading contents or listing a folder.
  readFile: [[0, 'follows']],
  readFileBuffer: [[0, 'follows']],
  readFileBytes: [[0, 'follows']],
  readdir: [[0, 'follows']],
  readdirWithFileTypes: [[0, 'follows']],
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

export function confineToWorkspace(fs: IFileSystem, roots: readonly string[]): IFileSystem {
  const check = async (path: unknown, how: Change[1]): Promise<void> => {
    if (typeof path !== 'string') return;
    const named = fs.resolvePath('/', path);
    const slash = named.lastIndexOf('/');
    // The path as named and where it really is (through symlinks) must both be inside.
    const real = how === 'follows' ? await realLocation(fs, named) : `${await realLocation(fs, named.slice(0, slash) || '/')}/${named.slice(slash + 1)}`.replace(/^\/\//, '/');
    if (inside(named, roots) && inside(real, roots)) return;
    throw Object.assign(new Error(`EACCES: outside the workspace, '${path}'`), { code: 'EACCES' });
  };
  return new Proxy(fs, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      // Every path the file system holds (globs use it): only those inside.
      if (key === 'getAllPaths') return () => (method.call(target) as string[]).filter((path) => inside(path, roots));
      const changed = typeof key === 'string' ? CHANGES[key] : undefined;
      if (!changed) return method.bind(target);
      return async (...args: unknown[]) => {
        for (const [index, how] of changed) await check(args[index], how);
        return method.apply(target, args);
      };
    },
  });
}
