import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import type { RoundTripRecord } from '../../store/types';
import { compareFork, describeInput, describeReply, sharedRoundTrips, totalsOf } from './fork-comparison';

const FORKED_AT = 10_000;
const message = (text: string): Content => ({ role: 'user', parts: [{ text }] });
const results = (...names: string[]): Content => ({ role: 'user', parts: names.map((name, index) => ({ functionResponse: { id: `id-${index}-${Math.random()}`, name, response: { output: 'ok' } } })) });
const textReply = (text: string, usage?: { promptTokenCount: number; candidatesTokenCount: number; totalTokenCount: number }) => [
  { candidates: [{ content: { parts: [{ text }] }, finishReason: 'STOP' }], ...(usage ? { usageMetadata: usage } : {}) },
];
const callReply = (file_path: string, content: string) => [
  { candidates: [{ content: { parts: [{ functionCall: { id: `c-${Math.random()}`, name: 'write_file', args: { file_path, content } }, thoughtSignature: String(Math.random()) }] } }] },
];

function roundTrip(id: string, startedAt: number, last: Content, response: unknown[], extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  return { id, sessionId: 's', interactionId: 'i', startedAt, endedAt: startedAt + 50, request: { model: 'gemini-2.5-flash', contents: [message('Write it'), last] }, response, ...extra };
}

/** The original: asked to write, wrote a.txt, then b.txt, then said so. */
const original = [
  roundTrip('o1', 1_000, message('Write it'), callReply('a.txt', 'one')),
  roundTrip('o2', 2_000, results('write_file'), callReply('b.txt', 'bee')),
  roundTrip('o3', 3_000, results('write_file'), textReply('Wrote both.', { promptTokenCount: 100, candidatesTokenCount: 10, totalTokenCount: 110 })),
];
/** The fork's copy of the original's first round-trip (fresh id, same start), made at FORKED_AT. */
const copied = { ...original[0]!, id: 'f1' };

describe('aligning a fork with its original from the fork point', () => {
  it('counts the round-trips the fork copied (started before it was made) as shared and compares from the next one', () => {
    const fork = [copied, roundTrip('f2', 11_000, results('write_file'), callReply('b.txt', 'bee'))];
    expect(sharedRoundTrips(original, fork, FORKED_AT)).toBe(1);
    const comparison = compareFork(original, fork, FORKED_AT);
    expect(comparison.shared).toBe(1);
    expect(comparison.steps.map((step) => [step.number, step.status])).toEqual([
      [2, 'same'],
      [3, 'only-original'],
    ]);
  });

  it('tells the copies by their start beside the original, whatever the clock of the computer that recorded it', () => {
    // A recording from a computer whose clock ran ahead: its round-trips seem to start after the fork was made here.
    const ahead = original.map((roundTrip) => ({ ...roundTrip, startedAt: roundTrip.startedAt + 100_000 }));
    const fork = [{ ...ahead[0]!, id: 'f1' }, roundTrip('f2', 11_000, results('write_file'), callReply('b.txt', 'bee'))];
    expect(sharedRoundTrips(ahead, fork, FORKED_AT)).toBe(1);
  });

  it('counts what the fork started before it was made when the original’s round-trips were replaced since (a replay)', () => {
    const replayed = original.map((roundTrip) => ({ ...roundTrip, startedAt: roundTrip.startedAt + 20_000 }));
    const fork = [copied, roundTrip('f2', 11_000, results('write_file'), callReply('b.txt', 'bee'))];
    expect(sharedRoundTrips(replayed, fork, FORKED_AT)).toBe(1);
  });

  it('finds pairs the same when only ids, signatures and thoughts differ', () => {
    const fork = [copied, { ...roundTrip('f2', 11_000, results('write_file'), callReply('b.txt', 'bee')) }];
    fork[1]!.response.unshift({ candidates: [{ content: { parts: [{ text: 'Thinking…', thought: true }] } }] });
    const [step] = compareFork(original, fork, FORKED_AT).steps;
    expect(step).toMatchObject({ status: 'same', differences: [], firstDivergence: false });
  });

  it('marks the first divergence and each differing pair, saying whether the request or the reply differs', () => {
    const edited: Content = { role: 'user', parts: [{ functionResponse: { name: 'write_file', response: { output: 'The disk is full' } } }] };
    const fork = [
      copied,
      roundTrip('f2', 11_000, edited, callReply('b.txt', 'bee')),
      roundTrip('f3', 12_000, results('write_file'), textReply('Gave up.')),
      roundTrip('f4', 13_000, message('Try again'), textReply('Done.')),
    ];
    const comparison = compareFork(original, fork, FORKED_AT);
    expect(comparison.divergesAt).toBe(2);
    expect(comparison.steps.map((step) => [step.number, step.status, step.differences, step.firstDivergence])).toEqual([
      [2, 'differs', ['input'], true],
      [3, 'differs', ['reply'], false],
      [4, 'only-fork', [], false],
    ]);
  });

  it('tells call arguments that differ in value from ones that differ only in key order', () => {
    const reordered = [{ candidates: [{ content: { parts: [{ functionCall: { name: 'write_file', args: { content: 'bee', file_path: 'b.txt' } } }] } }] }];
    const changed = callReply('b.txt', 'BEE');
    const same = compareFork(original, [copied, roundTrip('f2', 11_000, results('write_file'), reordered)], FORKED_AT);
    const different = compareFork(original, [copied, roundTrip('f2', 11_000, results('write_file'), changed)], FORKED_AT);
    expect(same.steps[0]!.status).toBe('same');
    expect(different.steps[0]).toMatchObject({ status: 'differs', differences: ['reply'] });
  });

  it('does not call a fork that has not run since the fork point diverged', () => {
    const comparison = compareFork(original, [copied], FORKED_AT);
    expect(comparison.divergesAt).toBeNull();
    expect(comparison.steps.map((step) => step.status)).toEqual(['only-original', 'only-original']);
  });

  it('waits for a reply still streaming instead of calling it different', () => {
    const running = { ...roundTrip('f2', 11_000, results('write_file'), []), endedAt: undefined };
    const comparison = compareFork(original, [copied, running], FORKED_AT);
    expect(comparison.steps[0]).toMatchObject({ status: 'pending', firstDivergence: false });
    expect(comparison.divergesAt).toBe(3);
  });

  it('tells a failed round-trip from an answered one', () => {
    const failed = roundTrip('f2', 11_000, results('write_file'), [], { error: { kind: 'rate-limit', message: '429 Too many requests' } });
    const [step] = compareFork(original, [copied, failed], FORKED_AT).steps;
    expect(step).toMatchObject({ status: 'differs', differences: ['reply'] });
    expect(step!.fork!.reply).toBe('Failed: 429 Too many requests');
  });

  it('leaves subagent round-trips out of both runs', () => {
    const nested = roundTrip('o2b', 2_500, message('sub'), textReply('sub done'), { subagent: { callId: 'task-1', description: 'look around' } });
    const fork = [copied, roundTrip('f2', 11_000, results('write_file'), callReply('b.txt', 'bee'))];
    const comparison = compareFork([original[0]!, original[1]!, nested, original[2]!], fork, FORKED_AT);
    expect(comparison.steps.map((step) => step.original?.roundTrip.id)).toEqual(['o2', 'o3']);
  });
});

describe('each run from the fork point: tokens and time', () => {
  it('sums the tokens reported, the model time and the time from first start to last end', () => {
    const fork = [
      copied,
      roundTrip('f2', 11_000, results('write_file'), textReply('a', { promptTokenCount: 40, candidatesTokenCount: 5, totalTokenCount: 45 })),
      roundTrip('f3', 11_500, message('more'), textReply('b', { promptTokenCount: 60, candidatesTokenCount: 7, totalTokenCount: 67 })),
    ];
    const { totals } = compareFork(original, fork, FORKED_AT);
    expect(totals.fork).toEqual({ roundTrips: 2, tokens: { prompt: 100, response: 12, total: 112 }, modelMs: 100, elapsedMs: 550 });
    expect(totals.original).toEqual({ roundTrips: 2, tokens: { prompt: 100, response: 10, total: 110 }, modelMs: 100, elapsedMs: 1_050 });
  });

  it('says no tokens rather than zero when no round-trip reported any', () => {
    expect(totalsOf([original[0]!]).tokens).toBeNull();
    expect(totalsOf([])).toEqual({ roundTrips: 0, tokens: null, modelMs: 0, elapsedMs: null });
  });
});

describe('a round-trip in words', () => {
  it('names what was new in the request and what came back', () => {
    expect(describeInput(original[0]!)).toBe('Message: “Write it”');
    expect(describeInput(original[1]!)).toBe('Results of write_file');
    expect(describeReply(original[1]!)).toBe('calls write_file b.txt');
    expect(describeReply(original[2]!)).toBe('“Wrote both.”');
    expect(describeInput({ ...original[0]!, turn: { id: 't', attempt: 1, purpose: 'compression' } })).toBe('Compression (summarizer)');
  });
});
