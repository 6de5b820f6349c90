import { describe, expect, it } from 'vitest';
import type { CheckpointContents } from '../../store/types';
import { earliestFiles } from './checkpoint-restore';

let next = 0;
const checkpoint = (createdAt: number, files: CheckpointContents['files'], wholeWorkspace = false): CheckpointContents =>
  ({ id: `c${next++}`, sessionId: 's', createdAt, label: 'before a call', files, ...(wholeWorkspace ? { wholeWorkspace } : {}) });

const byPath = (files: ReturnType<typeof earliestFiles>) => Object.fromEntries(files.map((file) => [file.path, file.content]));

describe('the workspace as it was before a run of checkpoints', () => {
  it('removes a file a command created after an edit: the command’s whole-workspace checkpoint did not hold it', () => {
    const files = earliestFiles(
      [checkpoint(1, [{ path: 'a.txt', content: 'old' }]), checkpoint(2, [{ path: 'a.txt', content: 'new' }, { path: 'b.txt', content: 'b' }], true)],
      ['a.txt', 'b.txt', 'out.txt'],
    );
    expect(byPath(files)).toEqual({ 'a.txt': 'old', 'b.txt': 'b', 'out.txt': null });
  });

  it('keeps a file that only checkpoints after the first whole one name: it did not exist before either', () => {
    const files = earliestFiles(
      [checkpoint(1, [{ path: 'a.txt', content: 'a' }], true), checkpoint(2, [{ path: 'c.txt', content: null }]), checkpoint(3, [{ path: 'c.txt', content: 'c1' }])],
      ['a.txt', 'c.txt', 'd.txt'],
    );
    expect(byPath(files)).toEqual({ 'a.txt': 'a', 'c.txt': null, 'd.txt': null });
  });

  it('without a whole-workspace checkpoint, leaves the files no checkpoint names as they are', () => {
    const files = earliestFiles([checkpoint(1, [{ path: 'a.txt', content: 'old' }])], ['a.txt', 'other.txt']);
    expect(byPath(files)).toEqual({ 'a.txt': 'old' });
  });
});
