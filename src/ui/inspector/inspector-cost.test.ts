import { describe, expect, it } from 'vitest';
import type { RoundTripRecord } from '../../store/types';
import { costLine, interactionRoundTrips, prefixLine, totalLine, totalOf } from './inspector-cost';
import { groupRoundTrips } from './inspector-model';

let clock = 1_000;
function roundTrip(id: string, usage: Record<string, number> | null, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  clock += 100;
  return {
    id,
    sessionId: 's',
    interactionId: 'i1',
    startedAt: clock,
    endedAt: clock + 40,
    request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'hi' }] }] },
    response: [{ candidates: [{ content: { parts: [{ text: 'ok' }] }, finishReason: 'STOP' }], ...(usage ? { usageMetadata: usage } : {}) }],
    ...extra,
  };
}

describe('the cost the Loop inspector shows', () => {
  it("of a round-trip is its tokens at its model's default price", () => {
    // gemini-2.5-flash: $0.30 input, $2.50 output per million.
    const record = roundTrip('r1', { promptTokenCount: 2000, candidatesTokenCount: 100, thoughtsTokenCount: 300 });
    expect(costLine(record, {})).toBe('Cost $0.0016 (input $0.0006, output $0.001)');
  });

  it("is counted at a shared session's prices before the person's", () => {
    const record = roundTrip('r1', { promptTokenCount: 1_000_000, candidatesTokenCount: 0 });
    expect(costLine(record, { own: { 'gemini-2.5-flash': { input: 2, output: 2 } } })).toBe('Cost $2.00 (input $2.00, output $0)');
    expect(costLine(record, { recorded: { 'gemini-2.5-flash': { input: 3, output: 3 } }, own: { 'gemini-2.5-flash': { input: 2, output: 2 } } })).toBe('Cost $3.00 (input $3.00, output $0)');
  });

  it('says why there is none: no price for the model, or no tokens reported', () => {
    expect(costLine(roundTrip('r1', { promptTokenCount: 10 }, { request: { model: 'my-model', contents: [] } }), {})).toBe('Cost unknown: no price for my-model (Settings → Model)');
    expect(costLine(roundTrip('r2', null), {})).toBe('Cost unknown: tokens not reported');
    expect(costLine(roundTrip('r3', null, { response: [], error: { kind: 'rate-limit', message: '429' } }), {})).toBe('Cost: none reported (the call failed)');
  });

  it('is nothing for the scripted demo and a replay, which call no model', () => {
    const demo = roundTrip('r1', { promptTokenCount: 10 }, { request: { model: 'Scripted demo', contents: [] }, response: [{ candidates: [], usageMetadata: { promptTokenCount: 10 }, modelVersion: 'scripted-demo' }] });
    const replay = roundTrip('r2', { promptTokenCount: 10 }, { request: { model: 'recorded-session', contents: [] }, response: [{ candidates: [], usageMetadata: { promptTokenCount: 10 }, modelVersion: 'recorded-session' }] });
    expect(costLine(demo, {})).toBe('Cost $0: the scripted demo calls no model (its tokens are estimates)');
    expect(costLine(replay, {})).toBe('Cost $0: a replay plays recorded responses (its tokens are estimates)');
    expect(totalOf([demo, replay], {})).toMatchObject({ priced: 0, unpriced: 0, cost: { total: 0 } });
  });

  it("shows how much of a request is its fixed prefix: the system instruction and tool declarations' estimate against the prompt tokens", () => {
    const systemInstruction = 'x'.repeat(398);
    const request = { model: 'gemini-2.5-flash', contents: [], systemInstruction };
    // JSON.stringify adds the two quotes: 400 characters, 100 tokens.
    expect(prefixLine(roundTrip('r1', { promptTokenCount: 400 }, { request }), {})).toBe('Fixed prefix ≈ 100 of 400 prompt tokens (25%, ≈ $0.00003): system instruction and tool declarations');
    expect(prefixLine(roundTrip('r2', null, { request }), {})).toBe('Fixed prefix ≈ 100 tokens (system instruction and tool declarations)');
    expect(prefixLine(roundTrip('r3', { promptTokenCount: 400 }), {})).toBeNull();
  });

  it("of an interaction adds its round-trips and its subagents', and the session's adds all, naming what it could not count", () => {
    const records = [
      roundTrip('r1', { promptTokenCount: 1000, candidatesTokenCount: 100 }, { turn: { id: 't1', attempt: 1 } }),
      roundTrip('r2', { promptTokenCount: 2000, candidatesTokenCount: 200, cachedContentTokenCount: 1000 }, { subagent: { callId: 'c1', description: 'look' } }),
      roundTrip('r3', null, { turn: { id: 't2', attempt: 1 } }),
    ];
    records[0]!.notes = { toolCalls: [{ callId: 'c1', name: 'task', summary: 'look', steps: [] }] };
    const [interaction] = groupRoundTrips(records);
    expect(interactionRoundTrips(interaction!).map((record) => record.id)).toEqual(['r1', 'r2', 'r3']);
    const total = totalOf(records, {});
    expect(total).toMatchObject({ priced: 2, unpriced: 1 });
    // (1000 + 1000) × 0.30 + 1000 × 0.03 + 300 × 2.50, per million.
    expect(total.cost.total).toBeCloseTo((2000 * 0.3 + 1000 * 0.03 + 300 * 2.5) / 1e6, 12);
    expect(totalLine('Session cost', total)).toBe('Session cost $0.00138 · 3,000 input tokens (1,000 cached), 300 output · 1 round-trip(s) not counted (no price or no tokens reported)');
  });
});
