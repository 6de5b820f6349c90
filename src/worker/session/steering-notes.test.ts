/** The Loop inspector's note of a steering message (inspector-notes.ts) goes with the request that carried it. */
import { describe, expect, it } from 'vitest';
import { createInspectorNotes } from './inspector-notes';

describe('a steering note', () => {
  it('belongs to the round-trip after it joined, the one whose request carried it, not the one it followed', () => {
    const notes = createInspectorNotes();
    notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt1', model: 'm' } }, 0);
    notes.observe({ type: 'round_trip_end', value: { roundTripId: 'rt1' } }, 5);
    const joined = { type: 'steering_joined' as const, value: { messages: [{ id: 'x1', entryId: 'e4', text: 'only the top level' }] } };
    expect(notes.observe(joined, 20)).toEqual([]);
    expect(notes.notesOf('rt1')).toBeUndefined();
    expect(notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt2', model: 'm' } }, 25)).toEqual(['rt2']);
    expect(notes.notesOf('rt2')).toEqual({ events: [{ ...joined, at: 20 }] });
  });

  it('skips a compression\'s summary request made before the request that carries it', () => {
    const notes = createInspectorNotes();
    const joined = { type: 'steering_joined' as const, value: { messages: [{ id: 'x1', entryId: 'e4', text: 'be brief' }] } };
    notes.observe(joined, 10);
    expect(notes.observe({ type: 'round_trip_start', value: { roundTripId: 'summary', model: 'm', purpose: 'compression' } }, 12)).toEqual([]);
    notes.observe({ type: 'round_trip_end', value: { roundTripId: 'summary' } }, 30);
    expect(notes.observe({ type: 'round_trip_start', value: { roundTripId: 'rt2', model: 'm' } }, 31)).toEqual(['rt2']);
    expect(notes.notesOf('summary')).toBeUndefined();
    expect(notes.notesOf('rt2')).toEqual({ events: [{ ...joined, at: 10 }] });
  });
});
