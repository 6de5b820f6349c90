/** File-system half of the Sandbox contract (see sandbox.contract.ts). */
import { describe, expect, it } from 'vitest';
import type { ContractContext } from './sandbox-contract-support';
import { rejectionOf } from './sandbox-contract-support';
import { isSandboxError } from './types';

export function describeFilesContract({ sandbox }: ContractContext): void {
  describe('files', () => {
    it('writes and reads text, including multi-byte characters', async () => {
      await sandbox().writeFile('hello.txt', 'héllo wörld ✓\n');
      expect(await sandbox().readTextFile('hello.txt')).toBe('héllo wörld ✓\n');
      expect(await sandbox().readFile('hello.txt')).toEqual(new TextEncoder().encode('héllo wörld ✓\n'));
    });

    it('writes and reads binary content byte for byte', async () => {
      const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
      await sandbox().writeFile('bin/all-bytes.dat', bytes);
      const read = await sandbox().readFile('bin/all-bytes.dat');
      expect(read).toBeInstanceOf(Uint8Array);
      expect(Array.from(read)).toEqual(Array.from(bytes));
    });

    it('overwrites an existing file', async () => {
      await sandbox().writeFile('a.txt', 'first, longer content');
      await sandbox().writeFile('a.txt', 'second');
      expect(await sandbox().readTextFile('a.txt')).toBe('second');
    });

    it('creates missing parent folders on write, and lists kinds sorted by name', async () => {
      await sandbox().writeFile('src/deep/er/file.ts', 'export {};');
      await sandbox().mkdir('src/empty');
      expect(await sandbox().readDir('src')).toEqual([
        { name: 'deep', kind: 'directory' },
        { name: 'empty', kind: 'directory' },
      ]);
      expect(await sandbox().readDir('src/deep/er')).toEqual([{ name: 'file.ts', kind: 'file' }]);
      const root = await sandbox().readDir('');
      expect(root).toContainEqual({ name: 'src', kind: 'directory' });
      expect(await sandbox().readDir('.')).toEqual(root);
    });

    it('accepts equivalent spellings of one path', async () => {
      await sandbox().writeFile('./docs/../docs/readme.md', '# hi');
      expect(await sandbox().readTextFile('docs/readme.md')).toBe('# hi');
      expect(await sandbox().readTextFile('/workspace/docs/readme.md')).toBe('# hi');
      expect(await sandbox().readTextFile('/home/project/docs/readme.md')).toBe('# hi');
    });

    it('stats files, folders and nothing', async () => {
      await sandbox().writeFile('dir/five.txt', '12345');
      expect(await sandbox().stat('dir/five.txt')).toEqual({ kind: 'file', size: 5 });
      expect((await sandbox().stat('dir'))?.kind).toBe('directory');
      expect((await sandbox().stat(''))?.kind).toBe('directory');
      expect(await sandbox().stat('missing.txt')).toBeNull();
      expect(await sandbox().stat('missing/child.txt')).toBeNull();
    });

    it('mkdir is recursive and accepts an existing folder', async () => {
      await sandbox().mkdir('a/b/c');
      await sandbox().mkdir('a/b/c');
      expect((await sandbox().stat('a/b/c'))?.kind).toBe('directory');
    });

    it('removes files, and folders only when recursive', async () => {
      await sandbox().writeFile('tree/branch/leaf.txt', 'x');
      await sandbox().writeFile('single.txt', 'x');
      await sandbox().remove('single.txt');
      expect(await sandbox().stat('single.txt')).toBeNull();
      expect(isSandboxError(await rejectionOf(sandbox().remove('tree')))).toBe(true);
      expect(await sandbox().stat('tree/branch/leaf.txt')).not.toBeNull();
      await sandbox().remove('tree', { recursive: true });
      expect(await sandbox().stat('tree')).toBeNull();
    });

    it('reports missing paths and wrong kinds as SandboxError values', async () => {
      await sandbox().writeFile('folder/file.txt', 'x');
      expect(await rejectionOf(sandbox().readFile('nope.txt'))).toMatchObject({ kind: 'sandbox', code: 'ENOENT', path: 'nope.txt' });
      expect(await rejectionOf(sandbox().readTextFile('folder'))).toMatchObject({ kind: 'sandbox', code: 'EISDIR' });
      expect(await rejectionOf(sandbox().writeFile('folder', 'x'))).toMatchObject({ kind: 'sandbox', code: 'EISDIR' });
      expect(await rejectionOf(sandbox().readDir('nowhere'))).toMatchObject({ kind: 'sandbox', code: 'ENOENT' });
      expect(await rejectionOf(sandbox().readDir('folder/file.txt'))).toMatchObject({ kind: 'sandbox', code: 'ENOTDIR' });
      expect(await rejectionOf(sandbox().remove('ghost.txt'))).toMatchObject({ kind: 'sandbox', code: 'ENOENT' });
      const error = await rejectionOf(sandbox().readFile('nope.txt'));
      expect(JSON.parse(JSON.stringify(error))).toEqual(error);
    });

    it('refuses the workspace root as a file or a removal target', async () => {
      expect(await rejectionOf(sandbox().remove('', { recursive: true }))).toMatchObject({ kind: 'sandbox' });
      expect(await rejectionOf(sandbox().writeFile('', 'x'))).toMatchObject({ kind: 'sandbox' });
      expect((await sandbox().stat(''))?.kind).toBe('directory');
    });

    it.each(['../escape.txt', 'a/../../escape.txt', '/etc/passwd', '/tmp/escape.txt', '%2e%2e/escape.txt', '..%2fescape.txt', '%252e%252e/x', '..\\escape.txt', '~/escape.txt'])(
      'refuses %j with EOUTSIDE in every method',
      async (path) => {
        const calls: Array<() => Promise<unknown>> = [
          () => sandbox().readFile(path),
          () => sandbox().readTextFile(path),
          () => sandbox().writeFile(path, 'x'),
          () => sandbox().readDir(path),
          () => sandbox().stat(path),
          () => sandbox().mkdir(path),
          () => sandbox().remove(path, { recursive: true }),
        ];
        for (const call of calls) {
          const error = await rejectionOf(call());
          expect(error).toMatchObject({ kind: 'sandbox', code: 'EOUTSIDE' });
          expect((error as { message: string }).message).toMatch(/inside the workspace/);
        }
      },
    );

    it('refuses NUL bytes with EINVAL', async () => {
      expect(await rejectionOf(sandbox().writeFile('a\u0000b', 'x'))).toMatchObject({ code: 'EINVAL' });
    });

    it('never follows a symlink (made with ln -s) out of the workspace', async () => {
      const nowhere = `/tmp/loopscope-contract-${Math.random().toString(36).slice(2)}`;
      const made = await sandbox().exec(`mkdir -p inside && echo hi > inside/a.txt && ln -s /etc out && ln -s .. up && ln -s ${nowhere} dangling && ln -s inside/a.txt ok && ln -s inside okdir`);
      expect(made.exitCode).toBe(0);
      const escapes: Array<() => Promise<unknown>> = [
        () => sandbox().readFile('out/passwd'),
        () => sandbox().readDir('out'),
        () => sandbox().readDir('up'),
        () => sandbox().writeFile('out/evil.txt', 'x'),
        () => sandbox().writeFile('up/evil.txt', 'x'),
        () => sandbox().writeFile('dangling', 'x'),
        () => sandbox().writeFile('inside/../dangling/x.txt', 'x'),
        () => sandbox().mkdir('out/newdir'),
        () => sandbox().stat('out/passwd'),
        () => sandbox().remove('up/evil.txt'),
      ];
      for (const call of escapes) expect(await rejectionOf(call())).toMatchObject({ kind: 'sandbox', code: 'EOUTSIDE' });
      expect(await sandbox().stat('dangling')).toEqual(expect.objectContaining({ kind: 'symlink' }));
      expect((await sandbox().exec(`test -e ${nowhere} && echo exists || echo absent`)).stdout).toContain('absent');
      expect((await sandbox().readTextFile('ok')).trim()).toBe('hi');
      expect(await sandbox().readDir('okdir')).toEqual([{ name: 'a.txt', kind: 'file' }]);
      expect(await sandbox().readDir('')).toContainEqual({ name: 'out', kind: 'symlink' });
      await sandbox().remove('out');
      expect(await sandbox().stat('out')).toBeNull();
    }, 20_000);
  });
}
