import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { itemsFromHistory } from './history-items';

describe('the transcript rebuilt from stored history', () => {
  it('shows the images a tool result carried on its card again, and no display for a result without any', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'Show me' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'c1', name: 'ref__get-tiny-image', args: {} } },
          { functionCall: { id: 'c2', name: 'ref__echo', args: { message: 'x' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'c1', name: 'ref__get-tiny-image', response: { output: 'The logo:' }, parts: [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] } },
          { functionResponse: { id: 'c2', name: 'ref__echo', response: { output: 'Echo: x' } } },
        ],
      },
    ];
    const calls = itemsFromHistory(history).flatMap((item) => (item.type === 'tool' ? [item.call] : []));
    expect(calls[0]!.display).toEqual({ type: 'text', text: 'The logo:', images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=' }] });
    expect(calls[1]!.display).toBeUndefined();
    expect(calls[1]!.resultText).toBe('Echo: x');
  });
});
