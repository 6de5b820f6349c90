import { describe, expect, it } from 'vitest';
import type { Part } from '../../shared/content';
import { restoreToolParts } from './cold-restore';
import { deepFreeze } from './fixtures';

const part = (id: string, state: string): Part => ({ functionResponse: { id, name: 'tool', response: { output: state } } });

describe('restoreToolParts (F9)', () => {
  it('keeps the last stored part per call and orders by declaration index', () => {
    const stored = deepFreeze([
      { callId: 'c2', declarationIndex: 1, part: part('c2', 'pending') },
      { callId: 'c1', declarationIndex: 0, part: part('c1', 'completed') },
      { callId: 'c2', declarationIndex: 1, part: part('c2', 'completed') },
    ]);
    expect(restoreToolParts(stored)).toEqual([part('c1', 'completed'), part('c2', 'completed')]);
  });

  it('restores nothing from nothing', () => {
    expect(restoreToolParts([])).toEqual([]);
  });
});
