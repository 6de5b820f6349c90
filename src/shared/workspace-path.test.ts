import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseName, joinWorkspacePath, normalizeAbsolutePath, parentOf, resolveWorkspacePath } from './workspace-path';

function resolved(input: string, roots?: string[]): string {
  const result = resolveWorkspacePath(input, roots ? { roots } : undefined);
  if (!result.ok) throw new Error(`expected ${JSON.stringify(input)} to resolve: ${result.error.message}`);
  return result.path;
}

function refusal(input: string): { code: string; message: string } {
  const result = resolveWorkspacePath(input);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${JSON.stringify(result.path)}`);
  return result.error;
}

describe('resolveWorkspacePath accepts paths inside the workspace', () => {
  it.each([
    ['', ''],
    ['.', ''],
    ['./', ''],
    ['src/app.ts', 'src/app.ts'],
    ['./src/app.ts', 'src/app.ts'],
    ['src//app.ts', 'src/app.ts'],
    ['src/./app.ts', 'src/app.ts'],
    ['src/', 'src'],
    ['a/../b', 'b'],
    ['a/b/../../c', 'c'],
    ['a/..', ''],
    ['/home/project', ''],
    ['/home/project/', ''],
    ['/home/project/src/app.ts', 'src/app.ts'],
    ['/workspace/src/app.ts', 'src/app.ts'],
    ['/workspace/a/../b', 'b'],
    ['file~', 'file~'],
    ['~backup', '~backup'],
    ['a/~/b', 'a/~/b'],
    ['100%.txt', '100%.txt'],
    ['a%20b.txt', 'a%20b.txt'],
    ['...', '...'],
    ['..foo', '..foo'],
    ['foo..', 'foo..'],
    ['résumé/ünïcode.md', 'résumé/ünïcode.md'],
  ])('%j resolves to %j', (input, expected) => {
    expect(resolved(input)).toBe(expected);
  });

  it('uses the given roots instead of the defaults', () => {
    expect(resolved('/tmp/work/x', ['/tmp/work'])).toBe('x');
    expect(resolveWorkspacePath('/workspace/x', { roots: ['/tmp/work'] }).ok).toBe(false);
  });

  it('prefers the longest matching root', () => {
    expect(resolved('/w/inner/x', ['/w', '/w/inner'])).toBe('x');
  });
});

describe('resolveWorkspacePath refuses escapes', () => {
  const outside = [
    '..',
    '../',
    '../etc/passwd',
    'a/../../b',
    'a/b/../../..',
    './../x',
    '/',
    '/etc/passwd',
    '/home/projectx/file',
    '/home/project/../secret',
    '/workspace/../etc',
    '/workspace/../../',
    '/home',
    '~',
    '~/.ssh/id_rsa',
    '/workspace/~/x',
    'a/../~',
    'C:/Windows',
    'C:\\Windows\\system32',
    '..\\..\\etc\\passwd',
    'a\\..\\..\\b',
    '%2e%2e/etc',
    '%2E%2E%2Fetc',
    '..%2fetc',
    '..%2Fetc',
    '%2e%2e%5cetc',
    '%252e%252e/etc',
    '%25252e%25252e%25252fetc',
    '..%252fetc',
    '%c0%ae%c0%ae/etc',
    '..%c0%afetc',
    '%u002e%u002e/etc',
    '%2fetc%2fpasswd',
    '%%32%65%%32%65/etc',
    '.%2e/x',
    '%7e/.ssh',
  ];
  it.each(outside)('%j is outside (EOUTSIDE)', (input) => {
    const error = refusal(input);
    expect(error.code).toBe('EOUTSIDE');
    expect(error.message).toContain(JSON.stringify(input));
    expect(error.message).toMatch(/must be inside the workspace/);
  });

  const invalid = ['a\u0000b', 'src/app.ts\u0000.png', 'a\nb', 'src\\app.ts', '%2e', 'a%2fb', 'file:///workspace/x', 'https://example.com/a'];
  it.each(invalid)('%j is invalid (EINVAL)', (input) => {
    const error = refusal(input);
    expect(error.code).toBe('EINVAL');
    expect(error.message).toMatch(/must be inside the workspace/);
  });

  it('refuses over-long paths', () => {
    expect(refusal('a/'.repeat(3000)).code).toBe('EINVAL');
  });

  it('shortens a huge path in the message', () => {
    expect(refusal(`../${'x'.repeat(1000)}`).message.length).toBeLessThan(400);
  });
});

const segment = fc.oneof(
  fc.constantFrom('.', '..', '', 'src', 'a', 'b.ts', '...', '~x', '%2e', '%2e%2e', '%252e', '%2f', '\\', '..\\', '\u0000', 'node_modules'),
  fc.string({ minLength: 1, maxLength: 6 }),
);
const pathLike = fc.oneof(
  fc.array(segment, { maxLength: 8 }).map((parts) => parts.join('/')),
  fc.array(segment, { maxLength: 8 }).map((parts) => `/${parts.join('/')}`),
  fc.array(segment, { maxLength: 8 }).map((parts) => `/workspace/${parts.join('/')}`),
  fc.string({ maxLength: 40 }),
);

describe('resolveWorkspacePath properties', () => {
  it('never yields a path that leaves the workspace', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        const result = resolveWorkspacePath(input);
        if (!result.ok) return;
        const segments = result.path === '' ? [] : result.path.split('/');
        expect(result.path.startsWith('/')).toBe(false);
        expect(result.path.includes('\\') || result.path.includes('\u0000')).toBe(false);
        for (const part of segments) {
          expect(part).not.toBe('');
          expect(part).not.toBe('.');
          expect(part).not.toBe('..');
          expect(decodeURIComponentSafe(part)).not.toMatch(/^\.\.?$|[/\\]/);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: a resolved path resolves to itself', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        const result = resolveWorkspacePath(input);
        if (result.ok) expect(resolved(result.path)).toBe(result.path);
      }),
      { numRuns: 1000 },
    );
  });

  it('resolves a relative path and its absolute form under a root alike', () => {
    fc.assert(
      fc.property(pathLike, (input) => {
        if (input.startsWith('/')) return;
        const relative = resolveWorkspacePath(input);
        const absolute = resolveWorkspacePath(`/home/project/${input}`);
        if (relative.ok) expect(absolute).toEqual(relative);
      }),
      { numRuns: 1000 },
    );
  });
});

function decodeURIComponentSafe(text: string): string {
  let current = text;
  for (let round = 0; round < 4; round++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

describe('path helpers', () => {
  it('joins, skipping empty and "." parts', () => {
    expect(joinWorkspacePath('', 'src', 'app.ts')).toBe('src/app.ts');
    expect(joinWorkspacePath('src/', './app.ts')).toBe('src/app.ts');
    expect(joinWorkspacePath('', '')).toBe('');
  });

  it('finds the parent and base name', () => {
    expect(parentOf('src/ui/app.tsx')).toBe('src/ui');
    expect(parentOf('app.tsx')).toBe('');
    expect(parentOf('')).toBe('');
    expect(baseName('src/ui/app.tsx')).toBe('app.tsx');
    expect(baseName('app.tsx')).toBe('app.tsx');
    expect(baseName('')).toBe('');
  });
});

describe('resolveWorkspacePath drive letters', () => {
  it('refuses a Windows drive path but accepts a file named like a drive letter', () => {
    expect(resolveWorkspacePath('C:\\Windows').ok).toBe(false);
    expect(resolveWorkspacePath('C:/Windows').ok).toBe(false);
    // Found by the idempotence property: "/workspace/A:" resolved to "A:", which was refused.
    expect(resolveWorkspacePath('/workspace/A:')).toEqual({ ok: true, path: 'A:' });
    expect(resolveWorkspacePath('A:')).toEqual({ ok: true, path: 'A:' });
  });
});

describe('normalizeAbsolutePath', () => {
  it('drops "." and empty segments and pops on "..", never above "/"', () => {
    expect(normalizeAbsolutePath('/workspace/./src//a.ts')).toBe('/workspace/src/a.ts');
    expect(normalizeAbsolutePath('/workspace/src/../b.ts')).toBe('/workspace/b.ts');
    expect(normalizeAbsolutePath('/../../etc')).toBe('/etc');
    expect(normalizeAbsolutePath('/')).toBe('/');
  });
});
