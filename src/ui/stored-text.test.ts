import { describe, expect, it } from 'vitest';
import { onStoredText } from './stored-text';

describe('the editor and a change of the stored text', () => {
  it('takes a late echo of its own earlier save as its own, not as a conflict', () => {
    // Saved "A", then "AB"; the person typed on to "ABC"; now the echo of "A" arrives.
    const result = onStoredText({ stored: 'A', base: 'AB', text: 'ABC', ownSaves: ['A', 'AB'] });
    expect(result).toEqual({ action: { type: 'none' }, ownSaves: ['AB'] });
    // Then the echo of "AB": still the editor's own.
    expect(onStoredText({ stored: 'AB', base: 'AB', text: 'ABC', ownSaves: result.ownSaves })).toEqual({ action: { type: 'none' }, ownSaves: [] });
  });

  it('shows a conflict when someone else writes under unsaved edits', () => {
    expect(onStoredText({ stored: 'agent', base: 'AB', text: 'ABC', ownSaves: [] }).action).toEqual({ type: 'conflict' });
  });

  it('shows the new text when there are no unsaved edits', () => {
    expect(onStoredText({ stored: 'agent', base: 'AB', text: 'AB', ownSaves: [] }).action).toEqual({ type: 'replace' });
  });

  it('is in step when the stored text is what the person typed', () => {
    expect(onStoredText({ stored: 'ABC', base: 'AB', text: 'ABC', ownSaves: [] }).action).toEqual({ type: 'in-step' });
  });
});
