import { describe, expect, it } from 'vitest';
import type { WorkerEvent } from '../../worker/protocol';
import { endMcpSessionsOnPageHide } from './mcp-session-ends';

function harness() {
  let listener: ((event: WorkerEvent) => void) | undefined;
  const client = { subscribe: (next: (event: WorkerEvent) => void) => ((listener = next), () => (listener = undefined)) };
  const target = new EventTarget();
  const sent: { url: string; init: RequestInit }[] = [];
  const send = (async (url: string, init: RequestInit) => (sent.push({ url, init }), new Response(null, { status: 200 }))) as unknown as typeof fetch;
  const stop = endMcpSessionsOnPageHide(client, target as unknown as Window, send);
  const hide = (persisted: boolean) => {
    const event = new Event('pagehide') as Event & { persisted: boolean };
    Object.defineProperty(event, 'persisted', { value: persisted });
    target.dispatchEvent(event);
  };
  return { tell: (event: WorkerEvent) => listener?.(event), hide, sent, stop };
}

describe('MCP sessions when the page closes', () => {
  it('are ended with a keepalive DELETE naming each open session, its protocol version and token', () => {
    const page = harness();
    page.tell({ type: 'mcp-sessions', sessions: [{ url: 'http://127.0.0.1:3001/mcp', sessionId: 'a', protocolVersion: '2025-06-18' }] });
    page.tell({ type: 'mcp-sessions', sessions: [{ url: 'http://127.0.0.1:3001/mcp', sessionId: 'b', protocolVersion: '2025-06-18', token: 't' }] });
    page.hide(false);
    expect(page.sent).toEqual([
      {
        url: 'http://127.0.0.1:3001/mcp',
        init: { method: 'DELETE', keepalive: true, headers: { 'Mcp-Session-Id': 'b', 'Mcp-Protocol-Version': '2025-06-18', Authorization: 'Bearer t' } },
      },
    ]);
  });

  it('are kept when the page only goes into the back-forward cache, and none are sent when none are open', () => {
    const page = harness();
    page.tell({ type: 'mcp-sessions', sessions: [{ url: 'https://mcp.example.com/mcp', sessionId: 'a' }] });
    page.hide(true);
    expect(page.sent).toEqual([]);
    page.tell({ type: 'mcp-sessions', sessions: [] });
    page.hide(false);
    expect(page.sent).toEqual([]);
    page.stop();
  });
});
