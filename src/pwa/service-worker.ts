/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/service-worker.js):
 * - precaches the whole build (app shell, lazy Monaco chunks and language workers, the agent
 *   worker, wasm and fonts; `self.__WB_MANIFEST` is the list the build injects), so a second
 *   visit works with no network, the editor and the offline sandbox included;
 * - answers the app's own requests with the security headers of src/shared/security-headers.mjs
 *   (the ones scripts/serve.mjs sends), so dist/ on a host that sends no headers is cross-origin
 *   isolated and has the same Content-Security-Policy;
 * - never answers another origin's requests (routes.ts says which requests are answered);
 * - waits when a new version is installed until the page asks it to take over (`SKIP_WAITING`,
 *   sent when the person presses *Update Loopscope*): updates are offered, never forced.
 */
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precache } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { securityHeaders } from '../shared/security-headers.mjs';
import { handlingOf, withSecurityHeaders } from './routes';

/** The parts of a fetch event used here (the project's types are the page's, not a worker's). */
interface FetchEventLike extends Event {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface ServiceWorkerScope {
  readonly __WB_MANIFEST: Array<PrecacheEntry | string>;
  readonly registration: { readonly scope: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

declare const self: ServiceWorkerScope;

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, self.registration.scope, (url) => getCacheKeyForURL(url) !== undefined);
  if (handling.type === 'leave') return;
  event.respondWith(answer(event.request, handling.precached));
});

/** From the precache when it holds the file, else the network; either way with the headers. */
async function answer(request: Request, precached: string | null): Promise<Response> {
  const cached = precached ? await matchPrecache(precached) : undefined;
  const response = cached ?? (await fetch(request));
  return withSecurityHeaders(response, securityHeaders);
}
