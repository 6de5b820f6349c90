import { describe, expect, it } from 'vitest';
import type { RoundTripRecord } from '../../store/types';
import { INSPECTOR_EXPORT_FORMAT, REMOVED, exportFileName, inspectorExportJson } from './inspector-export';

const KEY = 'AIzaSy-secret-key-0123456789';

function records(): RoundTripRecord[] {
  const base = { sessionId: 's', interactionId: 'i1', request: { model: 'gemini-2.5-flash', contents: [{ role: 'user' as const, parts: [{ text: 'list files' }] }] } };
  return [
    { ...base, id: 'r1', startedAt: 100, endedAt: 150, response: [], error: { kind: 'rate-limit', message: '429' }, turn: { id: 't1', attempt: 1 } },
    {
      ...base,
      id: 'r2',
      startedAt: 1_200,
      endedAt: 1_900,
      turn: { id: 't1', attempt: 2 },
      response: [{ candidates: [{ content: { parts: [{ functionCall: { name: 'list_directory', args: { dir_path: '.' } } }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 90, candidatesTokenCount: 8, totalTokenCount: 98 } }],
      notes: { toolCalls: [{ callId: 'c1', name: 'list_directory', summary: '.', steps: [{ status: 'validating', at: 1_910 }, { status: 'success', at: 1_950 }] }] },
    },
  ];
}

describe('Export JSON', () => {
  it('holds interactions, turns with their retries, round-trips with times and tokens, and tool timelines, and parses back', () => {
    const parsed = JSON.parse(inspectorExportJson(records(), { id: 's', title: 'My session' }, Date.UTC(2026, 0, 2)));
    expect(parsed.format).toBe(INSPECTOR_EXPORT_FORMAT);
    expect(parsed.session).toEqual({ id: 's', title: 'My session' });
    expect(parsed.exportedAt).toBe('2026-01-02T00:00:00.000Z');
    const [turn] = parsed.interactions[0].turns;
    expect(turn.roundTrips.map((roundTrip: { id: string; retry: boolean; durationMs: number }) => [roundTrip.id, roundTrip.retry, roundTrip.durationMs])).toEqual([
      ['r1', false, 50],
      ['r2', true, 700],
    ]);
    expect(turn.roundTrips[1].tokens).toEqual({ prompt: 90, candidates: 8, total: 98 });
    expect(turn.roundTrips[1].request.contents[0].parts[0].text).toBe('list files');
    expect(turn.toolCalls[0].steps).toEqual([{ status: 'validating', at: 1_910 }, { status: 'success', at: 1_950 }]);
  });

  it("holds each round-trip's cost and the price it was counted at, and the session's cost", () => {
    const parsed = JSON.parse(inspectorExportJson(records(), { id: 's' }, 0, { own: { 'gemini-2.5-flash': { input: 1, output: 10 } } }));
    const [failed, answered] = parsed.interactions[0].turns[0].roundTrips;
    expect(failed.cost).toBeUndefined();
    expect(answered.price).toEqual({ input: 1, output: 10 });
    expect(answered.cost.total).toBeCloseTo((90 * 1 + 8 * 10) / 1e6, 12);
    expect(parsed.cost).toMatchObject({ currency: 'USD', roundTripsCounted: 1, roundTripsNotCounted: 0 });
    expect(parsed.cost.total).toBeCloseTo(170 / 1e6, 12);
  });

  it('has no key in it, even where a record carried one by mistake', () => {
    const [first, second] = records();
    const leaky = {
      ...second!,
      request: { ...second!.request, config: { apiKey: KEY } as never },
      error: { kind: 'transport' as const, message: `fetch https://generativelanguage.googleapis.com/v1beta/models/m:streamGenerateContent?alt=sse&key=${KEY} failed` },
      response: [{ headers: { 'x-goog-api-key': KEY, Authorization: `Bearer ${KEY}` } }],
    };
    const text = inspectorExportJson([first!, leaky], { id: 's' }, 0);
    expect(text).not.toContain(KEY);
    expect(text).toContain(`key=${REMOVED}`);
    expect(JSON.parse(text).interactions[0].turns[0].roundTrips[1].request.config.apiKey).toBe(REMOVED);
  });

  it('is named after the session', () => {
    expect(exportFileName('Fix the login bug!')).toBe('loopscope-inspector-fix-the-login-bug.json');
    expect(exportFileName(undefined)).toBe('loopscope-inspector.json');
  });
});
