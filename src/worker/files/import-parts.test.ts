import { describe, expect, it } from 'vitest';
import { createImportParts } from './import-parts';

const file = (path: string) => ({ path, file: new Blob([path]) });

describe('import parts', () => {
  it('puts the parts of an import together in the order they arrived', () => {
    const parts = createImportParts();
    parts.add('p', [file('a'), file('b')]);
    parts.add('p', [file('c')]);
    const taken = parts.take({ kind: 'parts', name: 'project', partsId: 'p', count: 3, skippedFolders: ['.git'] });
    expect(taken.ok && taken.value.kind === 'files' && taken.value.files.map((picked) => picked.path)).toEqual(['a', 'b', 'c']);
    expect(taken.ok && taken.value).toMatchObject({ kind: 'files', name: 'project', skippedFolders: ['.git'] });
  });

  it('uses a set of parts once', () => {
    const parts = createImportParts();
    parts.add('p', [file('a')]);
    expect(parts.take({ kind: 'parts', name: 'project', partsId: 'p', count: 1 }).ok).toBe(true);
    expect(parts.take({ kind: 'parts', name: 'project', partsId: 'p', count: 1 }).ok).toBe(false);
  });

  it('drops the parts of an import given up on when the next one starts', () => {
    const parts = createImportParts();
    parts.add('old', [file('a')]);
    parts.add('new', [file('b')]);
    expect(parts.take({ kind: 'parts', name: 'old', partsId: 'old', count: 1 }).ok).toBe(false);
    const taken = parts.take({ kind: 'parts', name: 'new', partsId: 'new', count: 1 });
    expect(taken.ok && taken.value.kind === 'files' && taken.value.files.map((picked) => picked.path)).toEqual(['b']);
  });

  it('refuses an import when fewer files arrived than it names', () => {
    const parts = createImportParts();
    parts.add('p', [file('a')]);
    const taken = parts.take({ kind: 'parts', name: 'project', partsId: 'p', count: 2 });
    expect(!taken.ok && taken.error.message).toContain('only 1 of its 2 files reached the import');
  });

  it('passes a source that came whole through unchanged', () => {
    const source = { kind: 'zip' as const, name: 'a.zip', file: new Blob([]) };
    const taken = createImportParts().take(source);
    expect(taken.ok && taken.value).toBe(source);
  });
});
