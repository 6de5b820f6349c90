import { describe, expect, it } from 'vitest';
import type { EntryKind, LinkInspector } from './real-path';
import { linkTargetOf, resolveRealPath } from './real-path';

/** A tiny file tree: directories end with "/", links map to their target. */
function inspectorOf(tree: Record<string, string | null>): LinkInspector {
  return {
    async lstat(absolute): Promise<EntryKind | null> {
      if (absolute === '/w') return 'directory';
      if (`${absolute}/` in tree) return 'directory';
      if (!(absolute in tree)) return null;
      return tree[absolute] === null ? 'file' : 'symlink';
    },
    async linkTarget(absolute) {
      const target = tree[absolute];
      return typeof target === 'string' ? linkTargetOf(absolute, target) : null;
    },
  };
}

const tree = {
  '/w/src/': null,
  '/w/src/a.ts': null,
  '/w/link-to-src': 'src',
  '/w/abs-inside': '/w/src/a.ts',
  '/w/chain': 'link-to-src',
  '/w/src/up': '..',
  '/w/src/up-up': '../..',
  '/w/out': '/etc',
  '/w/dangling-out': '/tmp/nowhere/file',
  '/w/dangling-in': 'src/new.ts',
  '/w/loop-a': 'loop-b',
  '/w/loop-b': 'loop-a',
  '/w/sneaky': '/w/../etc',
};

async function resolve(path: string, followFinal = true): Promise<unknown> {
  const result = await resolveRealPath('/w', path, inspectorOf(tree), { followFinal });
  return result.ok ? result.value.absolute : result.error.code;
}

describe('resolveRealPath', () => {
  it('follows links that stay inside', async () => {
    expect(await resolve('link-to-src/a.ts')).toBe('/w/src/a.ts');
    expect(await resolve('abs-inside')).toBe('/w/src/a.ts');
    expect(await resolve('chain/a.ts')).toBe('/w/src/a.ts');
    expect(await resolve('src/up/src/a.ts')).toBe('/w/src/a.ts');
    expect(await resolve('dangling-in')).toBe('/w/src/new.ts');
  });

  it('refuses links that lead out, dangling or not', async () => {
    expect(await resolve('out')).toBe('EOUTSIDE');
    expect(await resolve('out/passwd')).toBe('EOUTSIDE');
    expect(await resolve('src/up-up/x')).toBe('EOUTSIDE');
    expect(await resolve('dangling-out')).toBe('EOUTSIDE');
    expect(await resolve('sneaky')).toBe('EOUTSIDE');
  });

  it('does not follow a final link when asked not to, but checks the links before it', async () => {
    expect(await resolve('out', false)).toBe('/w/out');
    expect(await resolve('out/passwd', false)).toBe('EOUTSIDE');
  });

  it('stops link loops', async () => {
    expect(await resolve('loop-a')).toBe('EINVAL');
  });

  it('reports what is at the path', async () => {
    const result = await resolveRealPath('/w', 'chain', inspectorOf(tree), { followFinal: true });
    expect(result.ok && result.value.kind).toBe('directory');
    const missing = await resolveRealPath('/w', 'src/nothing/deeper', inspectorOf(tree), { followFinal: true });
    expect(missing.ok && missing.value.kind).toBe(null);
  });
});
