/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/service-worker.js):
 * - precaches the app shell at install (the page, the agent worker, the offline sandbox:
 *   ~3.5 MB; `self.__WB_MANIFEST` is the list the build injects) and Monaco in a second stage
 *   (~13.7 MB, the entries marked `later`; second-stage.ts) once the page asks, so a second visit
 *   works with no network, the editor included, and a first visit on a host without headers
 *   waits only for the shell before the reload that isolates it;
 * - answers the app's own requests with the security headers of src/shared/security-headers.mjs
 *   (the ones scripts/serve.mjs sends), so dist/ on a host that sends no headers is cross-origin
 *   isolated and has the same Content-Security-Policy;
 * - never answers another origin's requests (routes.ts says which requests are answered);
 * - waits when a new version is installed until the page asks it to take over (`SKIP_WAITING`,
 *   sent when the person presses *Update Loopscope*): updates are offered, never forced.
 */
import { cleanupOutdatedCaches, getCacheKeyForURL, matchPrecache, precache } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { securityHeadersFor } from '../shared/security-headers.mjs';
import { handlingOf, withSecurityHeaders } from './routes';
import { createSecondStage } from './second-stage';

/** The parts of a fetch event used here (the project's types are the page's, not a worker's). */
interface FetchEventLike extends Event {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}

interface ExtendableEventLike extends Event {
  waitUntil(done: Promise<unknown>): void;
}

interface ExtendableMessageEventLike extends ExtendableEventLike {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}

/** An entry of the build's list; `later` marks the second stage (vite.config.ts). */
type ManifestEntry = (PrecacheEntry & { later?: boolean }) | string;

interface ServiceWorkerScope {
  readonly __WB_MANIFEST: ManifestEntry[];
  readonly registration: { readonly scope: string };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'fetch', listener: (event: FetchEventLike) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEventLike) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEventLike) => void): void;
}

declare const self: ServiceWorkerScope;

/** Read once: the build replaces this one occurrence with the list. */
const manifest = self.__WB_MANIFEST;
const isLater = (entry: ManifestEntry): boolean => typeof entry !== 'string' && entry.later === true;
precache(manifest.filter((entry) => !isLater(entry)));
cleanupOutdatedCaches();
const secondStage = createSecondStage(
  manifest.filter(isLater).map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.registration.scope).href),
  caches,
  (url) => fetch(url),
);

self.addEventListener('activate', (event) => event.waitUntil(secondStage.dropOthers()));

/**
 * `SKIP_WAITING`: the person pressed *Update Loopscope*. `CACHE_LATER`: fill the second stage;
 * `SECOND_STAGE`: how far it is. Both answer `{ cached, total }` on the message's port, if any.
 */
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type !== 'CACHE_LATER' && data?.type !== 'SECOND_STAGE') return;
  const done = data.type === 'CACHE_LATER' ? secondStage.fill() : secondStage.status();
  event.waitUntil(done.then((status) => event.ports[0]?.postMessage(status)));
});

self.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, self.registration.scope, (url) => getCacheKeyForURL(url) !== undefined);
  if (handling.type === 'leave') return;
  event.respondWith(answer(event.request, handling.precached));
});

/** From the precache or the second stage when either holds the file, else the network; either way with the headers. */
async function answer(request: Request, precached: string | null): Promise<Response> {
  const cached = precached ? await matchPrecache(precached) : secondStage.holds(request.url) ? await secondStage.match(request.url) : undefined;
  // The embedded player's address (`?embed`) gets its own headers: other sites may frame it.
  const headers = securityHeadersFor(request.url);
  if (cached) return withSecurityHeaders(cached, headers);
  const response = await fetch(request);
  void secondStage.keep(request.url, response);
  return withSecurityHeaders(response, headers);
}
