import { describe, expect, it } from 'vitest';
import { checkImportedPath, skippedBy } from './imported-paths';

describe('paths from a ZIP or a folder', () => {
  it('accepts plain relative paths as they are', () => {
    for (const path of ['a.txt', 'src/app.ts', '.github/workflows/ci.yml', 'a..b/c', 'images/logo one.png', 'ünïcödé/文件.md']) {
      expect(checkImportedPath(path)).toEqual({ ok: true, path });
    }
  });

  it.each([
    ['../evil.txt', '".."'],
    ['a/../../evil.txt', '".."'],
    ['a/..', '".."'],
    ['/etc/passwd', 'absolute'],
    ['/home/project/x', 'absolute'],
    ['C:/Windows/evil.dll', 'drive'],
    ['c:evil', 'drive'],
    ['..\\..\\evil.txt', 'backslash'],
    ['a\\b.txt', 'backslash'],
    ['a\u0000b.txt', 'NUL'],
    ['a\nb.txt', 'control'],
    ['a//b.txt', 'empty'],
    ['./a.txt', '"."'],
    ['a/./b.txt', '"."'],
    ['~/.bashrc', 'home'],
    ['', 'no name'],
    [`${'x'.repeat(256)}.txt`, 'longer than 255'],
    ['a%2e%2e/b', 'not a plain path'],
  ])('refuses %j (%s)', (path, why) => {
    const checked = checkImportedPath(path);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.reason).toContain(why);
  });

  it('names the folder or file a path is skipped for', () => {
    expect(skippedBy('node_modules/react/index.js')).toBe('node_modules/');
    expect(skippedBy('packages/app/node_modules/x.js')).toBe('node_modules/');
    expect(skippedBy('.git/HEAD')).toBe('.git/');
    expect(skippedBy('__MACOSX/._logo.png')).toBe('__MACOSX/');
    expect(skippedBy('src/.DS_Store')).toBe('.DS_Store');
    // A file named like a skipped folder is kept; so is a folder that only starts like one.
    expect(skippedBy('docs/node_modules')).toBeNull();
    expect(skippedBy('.github/ci.yml')).toBeNull();
    expect(skippedBy('src/app.ts')).toBeNull();
  });
});
