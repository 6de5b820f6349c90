import { describe, expect, it } from 'vitest';
import { initialSaveState, onSaveAnswer, onStoredText, startSave } from './stored-text';
import type { SaveState } from './stored-text';

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

function started(state: SaveState, text: string): SaveState {
  const next = startSave(state, text);
  if (!next) throw new Error(`a save of "${text}" did not start`);
  return next;
}

describe("the editor's saves and the store's answers", () => {
  it('counts a save as stored only when the store answers ok', () => {
    const sending = started(initialSaveState('old'), 'new');
    expect(sending.base).toBe('old');
    const answered = onSaveAnswer(sending, { seq: sending.seq, text: 'new', ok: true });
    expect(answered.outcome).toBe('saved');
    expect(answered.state).toMatchObject({ base: 'new', pending: null });
  });

  it('keeps the stored text as base when the store refuses a save, and drops its echo from its own saves', () => {
    const sending = started(initialSaveState('old'), 'new');
    const answered = onSaveAnswer(sending, { seq: sending.seq, text: 'new', ok: false });
    expect(answered.outcome).toBe('failed');
    expect(answered.state).toMatchObject({ base: 'old', ownSaves: [], pending: null });
    // Someone else later writing the same text is not taken for an echo of the failed save.
    expect(onStoredText({ stored: 'new', base: 'old', text: 'new!', ownSaves: answered.state.ownSaves }).action).toEqual({ type: 'conflict' });
    // Saving the same text again is a new save, not "already on its way".
    expect(startSave(answered.state, 'new')?.pending).toEqual({ seq: 2, text: 'new' });
  });

  it('lets the later of two saves in flight decide, whatever the earlier one answers', () => {
    const first = started(initialSaveState(''), 'A');
    const second = started(first, 'AB');
    const early = onSaveAnswer(second, { seq: 1, text: 'A', ok: false });
    expect(early.outcome).toBe('superseded');
    const late = onSaveAnswer(early.state, { seq: 2, text: 'AB', ok: true });
    expect(late).toMatchObject({ outcome: 'saved', state: { base: 'AB', pending: null } });
  });

  it('falls back to what the earlier save stored when the later one fails', () => {
    const second = started(started(initialSaveState(''), 'A'), 'AB');
    const early = onSaveAnswer(second, { seq: 1, text: 'A', ok: true });
    expect(early).toMatchObject({ outcome: 'superseded', state: { base: 'A' } });
    const late = onSaveAnswer(early.state, { seq: 2, text: 'AB', ok: false });
    expect(late).toMatchObject({ outcome: 'failed', state: { base: 'A', ownSaves: ['A'] } });
  });

  it('does not move base back when an older answer arrives after a newer one', () => {
    const second = started(started(initialSaveState(''), 'A'), 'AB');
    const newer = onSaveAnswer(second, { seq: 2, text: 'AB', ok: true });
    expect(onSaveAnswer(newer.state, { seq: 1, text: 'A', ok: true })).toMatchObject({ outcome: 'superseded', state: { base: 'AB' } });
  });

  it('does not send a text that is stored or already on its way, unless the person chose it', () => {
    const state = initialSaveState('same');
    expect(startSave(state, 'same')).toBeNull();
    expect(startSave(state, 'same', true)?.pending?.text).toBe('same');
    expect(startSave(started(state, 'next'), 'next')).toBeNull();
  });
});
