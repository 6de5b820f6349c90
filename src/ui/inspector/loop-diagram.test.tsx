import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RoundTripRecord } from '../../store/types';
import { LoopDiagram } from './loop-diagram';

function roundTrip(id: string, extra: Partial<RoundTripRecord> = {}): RoundTripRecord {
  return { id, sessionId: 's', interactionId: 'i1', startedAt: 1, endedAt: 2, request: { model: 'm', contents: [] }, response: [{ candidates: [{ content: { parts: [{ text: '<img src=x onerror=alert(1)>' }] } }] }], ...extra };
}
const records = [
  roundTrip('r1', {
    turn: { id: 't1', attempt: 1 },
    notes: { toolCalls: [{ callId: 'c1', name: 'write_file', summary: '<b>a.txt</b>', steps: ['validating', 'scheduled', 'executing', 'success'].map((status, at) => ({ status: status as 'success', at })) }] },
  }),
  roundTrip('r2', { turn: { id: 't2', attempt: 1 } }),
];

const markup = () => renderToStaticMarkup(<LoopDiagram roundTrips={records} sessionId="s" />);

/** The count written beside the edge drawn as `edge` (the markup escapes its `>`). */
function edgeCount(html: string, edge: string): string | undefined {
  const at = html.indexOf(`data-edge="${edge.replace('>', '&gt;')}"`);
  return at < 0 ? undefined : /class="edge-count"[^>]*>([^<]*)</.exec(html.slice(at))?.[1];
}

describe('the Diagram as drawn', () => {
  it('writes beside each drawn edge the times the session took it', () => {
    const html = markup();
    expect(edgeCount(html, 'prompt>model_request')).toBe('×1');
    expect(edgeCount(html, 'model_request>streaming')).toBe('×2');
    expect(edgeCount(html, 'streaming>validating')).toBe('×1');
    expect(edgeCount(html, 'validating>awaiting_approval')).toBe('×0');
    expect(edgeCount(html, 'results>model_request')).toBe('×1');
    expect(edgeCount(html, 'streaming>end')).toBe('×1');
  });

  it('lists every state and mark once, the session at rest lit at its end, and renders no model text or file name', () => {
    const html = markup();
    const list = /<ol[^>]*aria-label="Loop states"[^>]*>(.*)<\/ol>/.exec(html)?.[1] ?? '';
    expect(list.match(/<li /g)).toHaveLength(14);
    expect([...list.matchAll(/<li [^>]*aria-current="step"[^>]*>([^<]*)<\/li>/g)].map((match) => match[1])).toEqual(['End: 1 time, last by completed']);
    expect(html).toContain('class="diagram-node lit visited" data-node="end"');
    expect(html).toContain('aria-label="Loop diagram, now at End"');
    expect(html).not.toMatch(/<img|<b>|onerror|a\.txt/);
  });

  it('makes the list one Tab stop, the lit item, and gives each diagram its own arrowhead', () => {
    const html = renderToStaticMarkup(
      <>
        <LoopDiagram roundTrips={records} sessionId="s" />
        <LoopDiagram roundTrips={records} sessionId="s" />
      </>,
    );
    const lists = [...html.matchAll(/<ol[^>]*aria-label="Loop states"[^>]*>(.*?)<\/ol>/g)].map((match) => match[1] ?? '');
    for (const list of lists) {
      const stops = [...list.matchAll(/<li [^>]*tabindex="0"[^>]*>([^<]*)</g)].map((match) => match[1]);
      expect(stops).toEqual(['End: 1 time, last by completed']);
    }
    const markers = [...html.matchAll(/<marker id="([^"]+)"/g)].map((match) => match[1]);
    expect(markers).toHaveLength(2);
    expect(new Set(markers).size).toBe(2);
    for (const id of markers) expect(html).toContain(`url(#${id})`);
  });
});
