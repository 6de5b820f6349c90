// The agent panel's view of the context meter and of messages sent with mentioned files.
import { describe, expect, it } from 'vitest';
import type { Content } from '../../shared/content';
import { initialSessionView, sessionReducer } from './session-reducer';
import { itemsFromHistory } from './history-items';
import type { SessionView } from './session-reducer';

const usage = { promptTokenCount: 5000, tokenLimit: 32_768, model: 'm' };

function loaded(): SessionView {
  return sessionReducer(initialSessionView, {
    type: 'session-loaded',
    session: { sessionId: 's1', approvalMode: 'ask', history: [], interruption: { type: 'none' }, sandboxKind: 'offline' },
  });
}

describe('the context meter in the session view', () => {
  it('shows the last round-trip, then the compressed history, and starts empty in each session', () => {
    let view = loaded();
    expect(view.context).toBeNull();
    view = sessionReducer(view, { type: 'agent-event', sessionId: 's1', event: { type: 'context_usage', value: usage } });
    expect(view.context).toEqual(usage);
    view = sessionReducer(view, { type: 'agent-event', sessionId: 's1', event: { type: 'context_usage', value: { ...usage, promptTokenCount: 9000 } } });
    expect(view.context?.promptTokenCount).toBe(9000);
    view = sessionReducer(view, {
      type: 'agent-event',
      sessionId: 's1',
      event: { type: 'chat_compressed', value: { originalTokenCount: 9000, newTokenCount: 1200, compressionStatus: 'COMPRESSED' } },
    });
    expect(view.context).toEqual({ ...usage, promptTokenCount: 1200 });
    expect(loaded().context).toBeNull();
  });
});

describe('a message sent with mentioned files, reloaded', () => {
  it('shows what the person typed, not the files that went with it', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'explain @a.txt' }, { text: '--- Content from referenced files ---\nContent from @a.txt:\nA\n--- End of content ---' }] },
      { role: 'model', parts: [{ text: 'It says A.' }] },
    ];
    expect(itemsFromHistory(history).map((item) => (item.type === 'user' || item.type === 'agent' ? [item.type, item.text] : [item.type]))).toEqual([
      ['user', 'explain @a.txt'],
      ['agent', 'It says A.'],
    ]);
  });
});
