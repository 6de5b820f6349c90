import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gitBlobId, planCommit, treeChanges } from './commit-plan';
import type { HeadFile, WorkspaceBlob } from './commit-plan';

const sha = (bytes: Uint8Array) => createHash('sha1').update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes])).digest('hex');
const blob = (content: string | Uint8Array): WorkspaceBlob => {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return { bytes, sha: sha(bytes) };
};
const file = (content: string | Uint8Array, mode = '100644'): HeadFile => ({ sha: blob(content).sha, mode });

describe('the commit a push makes', () => {
  it("computes git's blob id", async () => {
    // `printf 'hi\n' | git hash-object --stdin`
    expect(await gitBlobId(new TextEncoder().encode('hi\n'))).toBe('45b983be36b73c0788dc9cbcb76cbb80fc7bb057');
    expect(await gitBlobId(new Uint8Array([0, 255, 1]))).toBe(sha(new Uint8Array([0, 255, 1])));
  });

  it('adds, changes and deletes relative to the head; unchanged files and binaries are left alone', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]);
    const head = new Map([
      ['README.md', file('old\n')],
      ['same.txt', file('same')],
      ['logo.png', file(png)],
      ['gone.txt', file('bye')],
      ['run.sh', file('echo 1', '100755')],
    ]);
    const workspace = new Map([
      ['README.md', blob('new\n')],
      ['same.txt', blob('same')],
      ['logo.png', blob(png)],
      ['src/app.js', blob('x')],
      ['run.sh', blob('echo 2')],
    ]);
    const plan = planCommit(head, workspace);
    expect(plan.added).toEqual(['src/app.js']);
    expect(plan.changed).toEqual(['README.md', 'run.sh']);
    expect(plan.deleted).toEqual(['gone.txt']);
    expect(treeChanges(plan)).toEqual([
      { path: 'README.md', mode: '100644', type: 'blob', sha: blob('new\n').sha },
      { path: 'run.sh', mode: '100755', type: 'blob', sha: blob('echo 2').sha },
      { path: 'src/app.js', mode: '100644', type: 'blob', sha: blob('x').sha },
      { path: 'gone.txt', mode: '100644', type: 'blob', sha: null },
    ]);
  });

  it("never pushes a skipped folder's files and never deletes the head's there, nor its submodules and links", () => {
    const head = new Map([
      ['node_modules/dep/index.js', file('dep')],
      ['.git/config', file('x')],
      ['vendor/lib', file('sub', '160000')],
      ['link', file('target', '120000')],
      ['.DS_Store', file('junk')],
    ]);
    const workspace = new Map([['node_modules/other/index.js', blob('other')], ['a.txt', blob('a')]]);
    const plan = planCommit(head, workspace);
    expect(plan.added).toEqual(['a.txt']);
    expect(plan.deleted).toEqual([]);
  });

  it("pushes a folder's session into that folder and leaves the rest of the repository alone", () => {
    const head = new Map([
      ['docs/intro.md', file('old')],
      ['docs/gone.md', file('bye')],
      ['src/app.js', file('app')],
    ]);
    const plan = planCommit(head, new Map([['intro.md', blob('new')]]), 'docs');
    expect(plan.changed).toEqual(['docs/intro.md']);
    expect(plan.deleted).toEqual(['docs/gone.md']);
    expect(plan.added).toEqual([]);
  });

  it('for generated workspaces and heads, the head with the plan applied holds exactly the workspace (and what it never keeps)', () => {
    const segment = fc.constantFrom('a', 'b', 'src', 'node_modules', 'docs', 'x.txt', 'y.png', '.DS_Store');
    const path = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
    const content = fc.oneof(fc.string({ maxLength: 4 }), fc.uint8Array({ maxLength: 4 }));
    // A file cannot also be a folder: keep the paths that no other path is under.
    const files = fc.dictionary(path, content, { maxKeys: 12 }).map((entries) => Object.fromEntries(Object.entries(entries).filter(([key]) => !Object.keys(entries).some((other) => other.startsWith(`${key}/`)))));
    fc.assert(
      fc.property(files, files, (headFiles, workspaceFiles) => {
        const head = new Map(Object.entries(headFiles).map(([key, value]) => [key, file(value)]));
        const workspace = new Map(Object.entries(workspaceFiles).map(([key, value]) => [key, blob(value)]));
        const plan = planCommit(head, workspace);
        const after = new Map(head);
        for (const change of treeChanges(plan)) {
          if (change.sha === null) after.delete(change.path);
          else after.set(change.path, { sha: change.sha, mode: change.mode });
        }
        const kept = (key: string) => /(^|\/)node_modules\//.test(key) || /(^|\/)\.DS_Store$/.test(key);
        const expected = new Map([...workspace].filter(([key]) => !kept(key)).map(([key, value]) => [key, value.sha]));
        for (const [key, value] of head) if (kept(key)) expected.set(key, value.sha);
        expect(new Map([...after].map(([key, value]) => [key, value.sha]))).toEqual(expected);
        // Nothing is uploaded that the head already holds at that path.
        for (const upload of plan.upload) expect(head.get(upload.path)?.sha).not.toBe(upload.sha);
      }),
      { numRuns: 300 },
    );
  });
});
