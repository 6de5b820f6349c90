import { describe, expect, it } from 'vitest';
import { parseRepository, repositoryLabel, whyNotRef } from './github-repository';

const parsed = (input: string) => {
  const result = parseRepository(input);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const refusal = (input: string) => {
  const result = parseRepository(input);
  if (result.ok) throw new Error(`accepted ${input}`);
  return result.error;
};

describe('the Repository field', () => {
  it('reads owner/repo, with spaces around it', () => {
    expect(parsed('octo-org/hello.world')).toEqual({ owner: 'octo-org', repo: 'hello.world' });
    expect(parsed('  a/b \n')).toEqual({ owner: 'a', repo: 'b' });
  });

  it('reads owner/repo@ref, slashes in the ref included', () => {
    expect(parsed('a/b@v1.2.0')).toEqual({ owner: 'a', repo: 'b', ref: 'v1.2.0' });
    expect(parsed('a/b@feature/x')).toEqual({ owner: 'a', repo: 'b', ref: 'feature/x' });
    expect(parsed('a/b@0123abc')).toEqual({ owner: 'a', repo: 'b', ref: '0123abc' });
  });

  it('reads github.com addresses, with or without the scheme, .git, or a trailing slash', () => {
    for (const input of ['https://github.com/a/b', 'http://github.com/a/b/', 'github.com/a/b', 'https://github.com/a/b.git', 'https://www.github.com/a/b?tab=readme']) {
      expect(parsed(input), input).toEqual({ owner: 'a', repo: 'b' });
    }
  });

  it('reads a folder address as the segments of its ref and path, which the reader splits', () => {
    expect(parsed('https://github.com/a/b/tree/main')).toEqual({ owner: 'a', repo: 'b', refAndPath: ['main'] });
    expect(parsed('https://github.com/a/b/tree/main/docs/guide')).toEqual({ owner: 'a', repo: 'b', refAndPath: ['main', 'docs', 'guide'] });
    expect(parsed('https://github.com/a/b/tree/feature/x/src')).toEqual({ owner: 'a', repo: 'b', refAndPath: ['feature', 'x', 'src'] });
    expect(parsed('https://github.com/a/b/tree/main/with%20space')).toEqual({ owner: 'a', repo: 'b', refAndPath: ['main', 'with space'] });
  });

  it("takes a file's address as its folder's", () => {
    expect(parsed('https://github.com/a/b/blob/main/src/index.ts')).toEqual({ owner: 'a', repo: 'b', refAndPath: ['main', 'src'] });
    expect(parsed('https://github.com/a/b/blob/main/README.md')).toEqual({ owner: 'a', repo: 'b', refAndPath: ['main'] });
  });

  it('reads addresses of github.com, or of a host given (GitHub Enterprise), and no other site', () => {
    expect(parseRepository('https://gitlab.com/a/b').ok).toBe(false);
    expect(parseRepository('https://ghe.example.com/a/b').ok).toBe(false);
    expect(parseRepository('https://ghe.example.com/a/b/tree/main/x', ['ghe.example.com'])).toEqual({ ok: true, value: { owner: 'a', repo: 'b', refAndPath: ['main', 'x'] } });
  });

  it('refuses what names no repository, saying what it expects', () => {
    for (const input of ['', '   ', 'a', 'a/b/c', 'https://github.com/a', 'https://github.com/', '-a/b', 'a-/b', 'a--b/c', 'a/b c', 'a/..', 'a/b@', 'a/b@x..y', 'a/b@-/x', 'a/b@a b', 'https://github.com/a/b/issues/1']) {
      const error = refusal(input);
      expect(error.kind, input).toBe('bad-repository');
      expect(error.message.length, input).toBeGreaterThan(10);
    }
    expect(refusal('a').message).toContain('owner/repo');
  });

  it('knows what git refuses as a ref', () => {
    for (const bad of ['', 'a..b', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b', 'a\\b', '/a', 'a/', 'a//b', 'a.lock', '.a', 'a/.b', 'a@{1}', '@']) expect(whyNotRef(bad), bad).not.toBeNull();
    for (const good of ['main', 'feature/x', 'v1.0', 'release-2024', '0123abcd']) expect(whyNotRef(good), good).toBeNull();
  });

  it('labels an import', () => {
    expect(repositoryLabel({ owner: 'a', repo: 'b' })).toBe('a/b');
    expect(repositoryLabel({ owner: 'a', repo: 'b' }, 'dev', 'docs')).toBe('a/b@dev/docs');
  });
});
