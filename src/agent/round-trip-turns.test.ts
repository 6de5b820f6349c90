import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { FC, reply } from './testing/fake-model';
import { createHarness } from './testing/harness';

function earlier(): Content[] {
  return Array.from({ length: 4 }, (_, index): Content[] => [
    { role: 'user', parts: [{ text: `question ${index}` }] },
    { role: 'model', parts: [{ text: `answer ${index}` }] },
  ]).flat();
}

describe('round-trip records name their turn', () => {
  it('each model request is a turn of its own, and a retried attempt keeps the turn with the next attempt number', async () => {
    const h = createHarness({
      script: [
        reply(FC('read_file', { file_path: 'a' }), 'STOP'),
        { error: { status: 503 } },
        reply('done', 'STOP'),
      ],
    });
    expect(await h.run('q')).toBe('completed');
    const turns = h.store.roundTrips.map((roundTrip) => roundTrip.turn);
    expect(turns.map((turn) => turn?.attempt)).toEqual([1, 1, 2]);
    expect(turns[1]!.id).toBe(turns[2]!.id);
    expect(turns[0]!.id).not.toBe(turns[1]!.id);
    expect(turns.every((turn) => turn?.purpose === undefined)).toBe(true);
    expect(h.store.roundTrips[1]!.error).toBeDefined();
  });

  it('the summarizer call behind compression is marked as compression', async () => {
    const h = createHarness({ initialHistory: earlier(), script: [reply('SUM', 'STOP')] });
    expect(await h.agent.compress(new AbortController().signal)).toBe('COMPRESSED');
    expect(h.store.roundTrips.map((roundTrip) => roundTrip.turn?.purpose)).toEqual(['compression']);
  });

  it('the next-speaker check is marked as such', async () => {
    const h = createHarness({
      settings: { nextSpeakerCheck: true },
      script: [reply('Here is part one.', 'STOP'), reply('{"reasoning":"done","next_speaker":"user"}', 'STOP')],
    });
    expect(await h.run('q')).toBe('completed');
    expect(h.store.roundTrips.map((roundTrip) => roundTrip.turn?.purpose)).toEqual([undefined, 'next_speaker']);
  });
});
