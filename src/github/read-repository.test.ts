import { describe, expect, it } from 'vitest';
import { err, ok } from '../shared/errors';
import { gitHubErrorOf } from './client';
import type { GitHubClient, GitHubError } from './client';
import { listRepository, readBlob } from './read-repository';

/** A client over canned answers: route + parameters → data, else 404. */
function fakeClient(answers: Record<string, unknown>, asked: string[] = []): GitHubClient {
  return {
    request<T>(route: string, parameters: Record<string, unknown> = {}) {
      const key = route.replace(/\{(\w+)\}/g, (_, name: string) => String(parameters[name]));
      asked.push(key);
      if (key in answers) return Promise.resolve(ok(answers[key] as T));
      return Promise.resolve(err<GitHubError>({ kind: key.includes('/commits/') ? 'unprocessable' : 'not-found', message: `no ${key}` }));
    },
  };
}

const tree = (entries: { path: string; type?: 'blob' | 'tree' | 'commit'; mode?: string; size?: number }[], truncated = false) => ({
  truncated,
  tree: entries.map((entry) => ({ mode: '100644', type: 'blob', size: 1, sha: `sha-${entry.path}`, ...entry })),
});

const repo = {
  'GET /repos/a/b': { default_branch: 'trunk' },
  'GET /repos/a/b/commits/trunk': { sha: 'c-trunk', commit: { tree: { sha: 't-trunk' } } },
  'GET /repos/a/b/commits/feature/x': { sha: 'c-feature', commit: { tree: { sha: 't-feature' } } },
  'GET /repos/a/b/git/trees/t-trunk': tree([{ path: 'README.md', size: 5 }, { path: 'src', type: 'tree' }, { path: 'src/a.js', size: 3 }, { path: 'vendor/lib', type: 'commit', mode: '160000' }, { path: 'link', mode: '120000' }]),
  'GET /repos/a/b/git/trees/t-feature': tree([{ path: 'docs', type: 'tree' }, { path: 'docs-old.md' }]),
  'GET /repos/a/b/git/trees/sha-docs': tree([{ path: 'x.md' }]),
  'GET /repos/a/b/git/ref/heads/feature/x': { object: { sha: 'c-feature' } },
};

describe('reading a repository through the REST API', () => {
  it("lists the default branch's files with their sizes; submodules and links are not files", async () => {
    const listing = await listRepository(fakeClient(repo), { owner: 'a', repo: 'b' });
    expect(listing).toEqual(
      ok({
        owner: 'a',
        repo: 'b',
        ref: 'trunk',
        isBranch: true,
        commit: 'c-trunk',
        folder: '',
        files: [
          { path: 'README.md', size: 5, sha: 'sha-README.md' },
          { path: 'src/a.js', size: 3, sha: 'sha-src/a.js' },
        ],
        skipped: ['vendor/lib', 'link'],
      }),
    );
  });

  it("splits a folder address at the shortest ref that exists, and lists only that folder's files", async () => {
    const asked: string[] = [];
    const listing = await listRepository(fakeClient(repo, asked), { owner: 'a', repo: 'b', refAndPath: ['feature', 'x', 'docs'] });
    expect(listing.ok && listing.value).toMatchObject({ ref: 'feature/x', isBranch: true, folder: 'docs', files: [{ path: 'x.md' }] });
    expect(asked).toContain('GET /repos/a/b/commits/feature');
    // Only the folder's tree is listed whole.
    expect(asked.filter((route) => route.includes('/git/trees/'))).toEqual(['GET /repos/a/b/git/trees/t-feature', 'GET /repos/a/b/git/trees/sha-docs']);
  });

  it('says so when the folder or the ref does not exist, or the listing is cut short', async () => {
    const noFolder = await listRepository(fakeClient(repo), { owner: 'a', repo: 'b', refAndPath: ['trunk', 'nope'] });
    expect(!noFolder.ok && noFolder.error).toMatchObject({ kind: 'not-found', message: expect.stringContaining('no folder “nope”') as unknown });
    const noRef = await listRepository(fakeClient(repo), { owner: 'a', repo: 'b', ref: 'gone' });
    expect(!noRef.ok && noRef.error).toMatchObject({ kind: 'not-found', message: expect.stringContaining('“gone”') as unknown });
    const cut = await listRepository(fakeClient({ ...repo, 'GET /repos/a/b/git/trees/t-trunk': tree([], true) }), { owner: 'a', repo: 'b' });
    expect(!cut.ok && cut.error.message).toContain('import one of its folders');
  });

  it("decodes a blob's base64, line breaks and all, byte for byte", async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 10, 13]);
    const content = btoa(String.fromCharCode(...bytes)).replace(/(.{4})/g, '$1\n');
    const read = await readBlob(fakeClient({ 'GET /repos/a/b/git/blobs/s1': { content, encoding: 'base64' } }), 'a', 'b', 's1');
    expect(read.ok && [...read.value]).toEqual([...bytes]);
  });
});

describe("GitHub's errors as data", () => {
  const connection = { apiUrl: '', token: 'ghp_secret' };
  const thrown = (status: number, headers: Record<string, string> = {}) => ({ status, response: { headers, data: { message: 'x' } } });

  it('names each kind and never holds the token', () => {
    const now = Date.UTC(2026, 0, 1, 12, 0, 0);
    const cases: [unknown, string][] = [
      [thrown(401), 'unauthorized'],
      [thrown(403), 'forbidden'],
      [thrown(404), 'not-found'],
      [thrown(422), 'unprocessable'],
      [thrown(502), 'server'],
      [thrown(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 300) }), 'rate-limited'],
      [thrown(429, { 'retry-after': '60' }), 'rate-limited'],
      [{ status: 500, message: 'Failed to fetch' }, 'network'],
    ];
    for (const [error, kind] of cases) {
      const mapped = gitHubErrorOf(error, 'repository a/b', connection, now);
      expect(mapped.kind).toBe(kind);
      expect(JSON.stringify(mapped)).not.toContain('ghp_secret');
    }
    const limited = gitHubErrorOf(thrown(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(now / 1000 + 300) }), 'repository a/b', connection, now);
    expect(limited).toMatchObject({ resetAt: now + 300_000, message: expect.stringContaining('(in 5 min)') as unknown });
  });

  it('tells someone without a token that a token helps', () => {
    expect(gitHubErrorOf(thrown(404), 'repository a/b', { apiUrl: '' }).message).toContain('add a GitHub token in Settings');
    expect(gitHubErrorOf(thrown(404), 'repository a/b', connection).message).toContain('the token may not read it');
  });
});
