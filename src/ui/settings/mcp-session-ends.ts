/**
 * MCP sessions end when the page closes. The worker holds them, but it is stopped with the page
 * and can send nothing then, so it tells the page which sessions are open (`mcp-sessions`) and
 * the page sends each server a DELETE with the session's id as it goes (`pagehide`), as a
 * keepalive request that outlives the page (with the page's default credentials mode: Chromium
 * aborted one that also said `credentials: 'omit'`). Where the browser does not send it, the
 * server's own expiry ends the session. Settings' Remove and a changed address end theirs from the worker (mcp-hub.ts).
 */
import type { McpOpenSession } from '../../shared/mcp';
import type { WorkerClient } from '../../worker/client';

export function endSessionRequest(session: McpOpenSession): RequestInit {
  const headers: Record<string, string> = { 'Mcp-Session-Id': session.sessionId };
  if (session.protocolVersion) headers['Mcp-Protocol-Version'] = session.protocolVersion;
  if (session.token) headers['Authorization'] = `Bearer ${session.token}`;
  return { method: 'DELETE', headers, keepalive: true };
}

/** Follows the worker's open sessions and ends them when `target` (the window) hides for good; returns the unsubscribe. */
export function endMcpSessionsOnPageHide(client: Pick<WorkerClient, 'subscribe'>, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window, send: typeof fetch = (input, init) => fetch(input, init)): () => void {
  let open: McpOpenSession[] = [];
  const unsubscribe = client.subscribe((event) => {
    if (event.type === 'mcp-sessions') open = event.sessions;
  });
  const onPageHide = (event: Event) => {
    // A page kept in the back-forward cache comes back with its worker and sessions.
    if ((event as PageTransitionEvent).persisted) return;
    for (const session of open) void send(session.url, endSessionRequest(session)).catch(() => undefined);
    open = [];
  };
  target.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    target.removeEventListener('pagehide', onPageHide);
  };
}
