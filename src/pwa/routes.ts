/**
 * What the service worker does with each request, as pure decisions (the worker itself,
 * service-worker.ts, only wires them to Workbox's precache and `fetch`).
 *
 * Contract: a request to another origin (the model endpoints: Google's, a local Ollama or
 * LM Studio, the tests' fake servers; WebContainer's servers) is never answered by the worker:
 * the browser fetches it as if there were no worker. So are requests other than GET, and
 * anything outside the worker's scope. Everything else of the app's own origin is answered
 * with the security headers added: from the precache when the build listed it, else from the
 * network.
 */

export type Handling =
  /** Not ours: no `respondWith`, the browser goes to the network itself. */
  | { type: 'leave' }
  /** Ours: `precached` is the precache URL that answers it, or null for the network. */
  | { type: 'answer'; precached: string | null };

export interface RequestFacts {
  url: string;
  method: string;
  /** `navigate` for a page load (any path in scope gets the app's index.html). */
  mode: string;
}

/**
 * `isPrecached(url)` says whether the build's precache holds that URL (Workbox's
 * `getCacheKeyForURL`). `scope` is the registration's scope, e.g. `https://host/loopscope/`.
 */
export function handlingOf(request: RequestFacts, scope: string, isPrecached: (url: string) => boolean): Handling {
  const url = new URL(request.url);
  const scopeUrl = new URL(scope);
  if (url.origin !== scopeUrl.origin || request.method !== 'GET' || !url.pathname.startsWith(scopeUrl.pathname)) return { type: 'leave' };
  if (request.mode === 'navigate') {
    // A page load: the file itself when the build has it (e.g. the manifest opened in a tab),
    // else the single-page app (the query, e.g. ?sandbox=offline, and the #share link stay in the address).
    const path = `${url.origin}${url.pathname}`;
    if (!path.endsWith('/') && isPrecached(path)) return { type: 'answer', precached: path };
    const index = new URL('index.html', scopeUrl).href;
    return { type: 'answer', precached: isPrecached(index) ? index : null };
  }
  return { type: 'answer', precached: isPrecached(request.url) ? request.url : null };
}

/**
 * The response with the security headers set (replacing any the host sent under the same
 * names). An opaque response cannot be read or changed, and is returned as it is.
 */
export function withSecurityHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  if (response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) return response;
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  // A new Response also drops `redirected`, which a navigation answered by a worker must not carry.
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
