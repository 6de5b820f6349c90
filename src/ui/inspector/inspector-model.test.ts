import { describe, expect, it } from 'vitest';
import type { RoundTripRecord } from '../../store/types';
import { describeResponse, groupRoundTrips, thoughtsOf, tokensLine, turnTitle } from './inspector-model';
import { tokensOf } from '../../shared/response-usage';

let clock = 1_000;
function roundTrip(id: string, interactionId: string, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  clock += 100;
  return {
    id,
    sessionId: 's',
    interactionId,
    startedAt: clock,
    endedAt: clock + 40,
    request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    response: [],
    ...extra,
  };
}
const failed = { error: { kind: 'rate-limit' as const, message: '429' } };

describe('grouping round-trips into interactions and turns', () => {
  it('puts the attempts of one turn together, later attempts being its retries, and keeps interactions apart', () => {
    const records = [
      roundTrip('r1', 'i1', { turn: { id: 't1', attempt: 1 } }),
      roundTrip('r2', 'i1', { turn: { id: 't2', attempt: 1 }, ...failed }),
      roundTrip('r3', 'i1', { turn: { id: 't2', attempt: 2 } }),
      roundTrip('r4', 'i2', { turn: { id: 't3', attempt: 1 } }),
    ];
    const interactions = groupRoundTrips(records);
    expect(interactions.map((interaction) => interaction.turns.map((turn) => turn.attempts.map((attempt) => attempt.id)))).toEqual([
      [['r1'], ['r2', 'r3']],
      [['r4']],
    ]);
    expect(interactions.map((interaction) => interaction.roundTrips)).toEqual([3, 1]);
    expect(turnTitle(interactions[0]!.turns[1]!, 1)).toBe('Turn 2 · 2 round-trip(s), 1 retry');
  });

  it('names the summarizer and the next-speaker check as such', () => {
    const interactions = groupRoundTrips([
      roundTrip('r1', 'i1', { turn: { id: 't1', attempt: 1, purpose: 'compression' } }),
      roundTrip('r2', 'i1', { turn: { id: 't2', attempt: 1 } }),
      roundTrip('r3', 'i1', { turn: { id: 't3', attempt: 1, purpose: 'next_speaker' } }),
    ]);
    expect(interactions[0]!.turns.map((turn) => turn.purpose)).toEqual(['compression', 'turn', 'next_speaker']);
    expect(turnTitle(interactions[0]!.turns[0]!, 0)).toBe('Turn 1 · compression (summarizer) · 1 round-trip(s)');
  });

  it('reads records made before turns were recorded: each is a turn, one after a failed record is its retry', () => {
    const interactions = groupRoundTrips([
      roundTrip('r1', 'i1'),
      roundTrip('r2', 'i1', failed),
      roundTrip('r3', 'i1'),
      roundTrip('r4', 'i1'),
      roundTrip('r5', 'i2', failed),
      roundTrip('r6', 'i3'),
    ]);
    expect(interactions.map((interaction) => interaction.turns.map((turn) => turn.attempts.map((attempt) => attempt.id)))).toEqual([
      [['r1'], ['r2', 'r3'], ['r4']],
      [['r5']],
      [['r6']],
    ]);
  });

  it("gathers a turn's tool-call timelines and loop events from its round-trips' notes", () => {
    const toolCall = { callId: 'c1', name: 'read_file', summary: 'a.txt', steps: [{ status: 'validating' as const, at: 5 }, { status: 'success' as const, at: 9 }] };
    const event = { type: 'loop_detected' as const, value: { loopType: 'consecutive_identical_tool_calls' as const }, at: 12 };
    const [interaction] = groupRoundTrips([
      roundTrip('r1', 'i1', { turn: { id: 't1', attempt: 1 }, ...failed }),
      roundTrip('r2', 'i1', { turn: { id: 't1', attempt: 2 }, notes: { toolCalls: [toolCall], events: [event] } }),
    ]);
    expect(interaction!.turns[0]!.toolCalls).toEqual([toolCall]);
    expect(interaction!.turns[0]!.events).toEqual([event]);
    expect(turnTitle(interaction!.turns[0]!, 0)).toBe('Turn 1 · 2 round-trip(s), 1 retry · 1 tool call(s)');
  });
});

describe('what a round-trip says about itself', () => {
  it("reads tokens from the last chunk that reports them: Gemini's usageMetadata or an OpenAI-compatible usage", () => {
    const gemini = roundTrip('r1', 'i1', {
      response: [
        { candidates: [{ content: { parts: [{ text: 'a' }] } }] },
        { candidates: [{ content: { parts: [{ text: 'b' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1200, candidatesTokenCount: 30, totalTokenCount: 1230 } },
      ],
    });
    expect(tokensOf(gemini.response)).toEqual({ prompt: 1200, candidates: 30, total: 1230 });
    expect(tokensLine(tokensOf(gemini.response))).toBe('tokens: prompt 1,200, response 30, total 1,230');
    const openai = roundTrip('r2', 'i1', { response: [{ choices: [] }, { choices: [], usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } }] });
    expect(tokensOf(openai.response)).toEqual({ prompt: 10, candidates: 2, total: 12 });
    expect(tokensLine(tokensOf([{ candidates: [] }]))).toBe('tokens not reported');
    expect(tokensLine(tokensOf([{ usageMetadata: { promptTokenCount: 11_500, cachedContentTokenCount: 10_000, candidatesTokenCount: 5 } }]))).toBe('tokens: prompt 11,500 (10,000 cached), response 5');
  });

  it('keeps thought text apart from the answer', () => {
    const record = roundTrip('r1', 'i1', {
      response: [
        { candidates: [{ content: { parts: [{ text: '**Planning** read the file', thought: true }] } }] },
        { candidates: [{ content: { parts: [{ text: 'Done.' }] }, finishReason: 'STOP' }] },
      ],
    });
    expect(thoughtsOf(record)).toBe('**Planning** read the file');
    expect(describeResponse(record)).toBe('5 characters of text; finish STOP');
    expect(thoughtsOf(roundTrip('r2', 'i1', { response: [null, 'odd', { candidates: [{ content: { parts: [{ text: 'x' }] } }] }] }))).toBe('');
  });
});
