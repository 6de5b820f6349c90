import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ForkOrigin } from '../../shared/fork-point';
import type { RoundTripRecord, SessionRecord } from '../../store/types';
import { ComparisonBody } from './comparison-region';
import type { ComparisonData } from './comparison-region';

const origin: ForkOrigin = { sessionId: 'original', title: 'Write the files', roundTrip: 1 };
const session = (id: string, createdAt: number): SessionRecord => ({ id, title: id, createdAt, updatedAt: createdAt, origin: 'local' });
const reply = (text: string) => [{ candidates: [{ content: { parts: [{ text }] } }], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 2, totalTokenCount: 12 } }];
const roundTrip = (id: string, startedAt: number, text: string): RoundTripRecord => ({
  id,
  sessionId: 's',
  interactionId: 'i',
  startedAt,
  endedAt: startedAt + 250,
  request: { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'Write the files' }] }] },
  response: reply(text),
});

const data: ComparisonData = {
  origin,
  fork: session('fork', 10_000),
  original: session('original', 0),
  originalRoundTrips: [roundTrip('o1', 1_000, 'Calling.'), roundTrip('o2', 2_000, 'Wrote both.')],
  forkRoundTrips: [roundTrip('f1', 1_000, 'Calling.'), roundTrip('f2', 11_000, 'Answered from the fork.')],
  originalFiles: [{ path: 'b.bin', content: new Uint8Array([1, 2]) }],
  forkFiles: [{ path: 'b.bin', content: new Uint8Array([1, 3]) }],
};

describe('the comparison of a fork with its original, as rendered', () => {
  it('says where the runs start to be compared, where they diverge, and sets each round-trip beside its counterpart', () => {
    const html = renderToStaticMarkup(<ComparisonBody {...data} />);
    expect(html).toContain('Both runs share round-trip 1; compared from round-trip 2. They diverge at round-trip 2.');
    expect(html).toContain('aria-label="Round-trips side by side"');
    expect(html).toMatch(/<th scope="row">2 <span class="comparison-diverge">First divergence<\/span><\/th>/);
    expect(html).toContain('→ “Wrote both.”');
    expect(html).toContain('→ “Answered from the fork.”');
    expect(html).toContain('Differs: the reply');
    expect(html).toContain('<th scope="row">Tokens</th><td>12 (prompt 10, response 2)</td><td>12 (prompt 10, response 2)</td>');
    expect(html).toContain('<th scope="row">Model time</th><td>250 ms</td><td>250 ms</td>');
  });

  it('counts the cost of each run at its session’s recorded prices, else the person’s, else the defaults, and says when it cannot', () => {
    // gemini-2.5-flash by default: $0.30 in, $2.50 out per million: 10 × 0.3 + 2 × 2.5 = 8 millionths of a dollar.
    expect(renderToStaticMarkup(<ComparisonBody {...data} />)).toContain('<th scope="row">Cost</th><td>$0.000008</td><td>$0.000008</td>');
    const own = { 'gemini-2.5-flash': { input: 100, output: 1_000 } };
    const recorded = { 'gemini-2.5-flash': { input: 1_000, output: 1_000 } };
    const html = renderToStaticMarkup(<ComparisonBody {...data} prices={own} original={{ ...data.original!, prices: recorded }} />);
    expect(html).toContain('<th scope="row">Cost</th><td>$0.012</td><td>$0.003</td>');
    expect(html).toContain('12 tokens · $0.003 · 250 ms');
    const unknown = data.forkRoundTrips!.map((roundTrip) => ({ ...roundTrip, request: { ...roundTrip.request, model: 'my-local-model' } }));
    expect(renderToStaticMarkup(<ComparisonBody {...data} forkRoundTrips={unknown} />)).toContain('<td>unknown (no price for the model, or no tokens reported)</td>');
  });

  it('names a binary file that differs by its sizes', () => {
    const html = renderToStaticMarkup(<ComparisonBody {...data} />);
    expect(html).toContain('aria-label="Files that differ"');
    expect(html).toContain('2 bytes in the original, 2 bytes in the fork');
  });

  it('says so when the original was deleted, instead of comparing with nothing', () => {
    const html = renderToStaticMarkup(<ComparisonBody {...data} original={null} originalRoundTrips={[]} originalFiles={[]} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('The original session, “Write the files”, was deleted');
    expect(html).not.toContain('Round-trips side by side');
  });

  it('shows model output as text, never as markup', () => {
    const html = renderToStaticMarkup(<ComparisonBody {...data} forkRoundTrips={[roundTrip('f1', 1_000, 'Calling.'), roundTrip('f2', 11_000, '<img src=x onerror=alert(1)>')]} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
