/**
 * What an MCP server's HTTP answers mean, read where they arrive: the fetch the SDK's transport
 * is given. Two failures need more than a status code, so they are thrown as their own errors
 * (the transport passes a fetch's throw on unchanged):
 * - WebPageAnswer: the address answered with a web page (text/html), not an MCP server (the
 *   site's root, say, where its endpoint is at /mcp).
 * - SessionGone: the server no longer knows the session sent (Mcp-Session-Id): it answers 404
 *   (the specification), or 400 "No valid session ID" (the reference server after a restart).
 *   The client then opens a new session once (client.ts).
 */

export class WebPageAnswer extends Error {
  constructor(readonly status: number) {
    super(`The address answered with a web page (HTTP ${status}), not an MCP server.`);
  }
}

export class SessionGone extends Error {
  constructor(readonly status: number) {
    super(`The server no longer knows this session (HTTP ${status}).`);
  }
}

/** The body of a 400 that means "this session is unknown" (servers after the reference server's wording, and the SDK's own). */
const UNKNOWN_SESSION = /no valid session|session not found|unknown session|invalid session/i;

function mediaType(header: string | null): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

export function mcpFetch(base: typeof fetch = (input, init) => fetch(input, init)): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.ok || response.type === 'opaqueredirect') return response;
    if (mediaType(response.headers.get('content-type')) === 'text/html') {
      await response.body?.cancel().catch(() => undefined);
      throw new WebPageAnswer(response.status);
    }
    const sentSession = new Headers(init?.headers).has('mcp-session-id');
    if (!sentSession) return response;
    if (response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new SessionGone(404);
    }
    if (response.status === 400) {
      const text = await response
        .clone()
        .text()
        .catch(() => '');
      if (UNKNOWN_SESSION.test(text)) throw new SessionGone(400);
    }
    return response;
  };
}
