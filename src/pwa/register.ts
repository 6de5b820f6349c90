/**
 * The page's side of the service worker (production builds only; loaded lazily, so
 * workbox-window is not among the JavaScript the prompt waits for):
 * - `isolateBeforeMount`: on a host without COOP/COEP, installs the worker and reloads once,
 *   before the app mounts (isolation.ts decides);
 * - `watchForUpdates`: offers a new version when one is installed and waiting (the person
 *   presses *Update Loopscope*; nothing reloads by itself), says so when another tab took the
 *   new version, and starts the worker's second stage (Monaco, cached after the shell).
 */
import { Workbox } from 'workbox-window';
import { isolationPlan } from './isolation';
import type { UpdateOfferStore } from './update-offers';

/** Marks, for this tab, that the current load is the reload made for isolation. */
const RELOAD_MARK = 'loopscope:reloaded-for-isolation';
/**
 * How long a first visit on a host without the headers waits for the worker to install (it
 * precaches the app shell, ~3.5 MB; Monaco comes later, second-stage.ts) before
 * the app mounts without isolation; the worker goes on installing, and the next visit is isolated.
 */
const INSTALL_WAIT_MS = 30_000;
/** A tab left open looks for a new version this often (browsers also look on each visit). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let workbox: Workbox | null = null;
let registered: Promise<unknown> | null = null;

function register(immediate: boolean): Workbox {
  workbox ??= new Workbox(`${import.meta.env.BASE_URL}service-worker.js`, { scope: import.meta.env.BASE_URL });
  registered ??= workbox.register({ immediate }).catch(() => undefined);
  return workbox;
}

function readMark(): boolean {
  try {
    const marked = sessionStorage.getItem(RELOAD_MARK) !== null;
    sessionStorage.removeItem(RELOAD_MARK);
    return marked;
  } catch {
    return true; // no sessionStorage, no guard against a reload loop: do not reload
  }
}

/**
 * Resolves when the app may mount; never resolves when the page is about to reload. `root`
 * shows a line meanwhile. When the wait runs out, the app mounts without isolation and
 * `onInstalledLate` runs once the worker is installed (a reload then would isolate the page).
 * `beforeReplace` runs before the line replaces what `root` held (index.html's shell).
 */
export async function isolateBeforeMount(root: HTMLElement, onInstalledLate: () => void, beforeReplace: () => void = () => undefined): Promise<void> {
  const plan = isolationPlan({
    isolated: crossOriginIsolated,
    serviceWorkers: 'serviceWorker' in navigator,
    controlled: !!navigator.serviceWorker?.controller,
    reloadedForIsolation: readMark(),
  });
  if (plan === 'mount') return;
  beforeReplace();
  root.textContent = 'Preparing Loopscope to work offline…';
  register(true);
  const timeout = new Promise<false>((resolve) => setTimeout(() => resolve(false), INSTALL_WAIT_MS));
  const active = await Promise.race([navigator.serviceWorker.ready.then(() => true), timeout]);
  root.textContent = '';
  if (!active) {
    void navigator.serviceWorker.ready.then(onInstalledLate);
    return;
  }
  sessionStorage.setItem(RELOAD_MARK, '1');
  location.reload();
  await new Promise<never>(() => undefined);
}

/**
 * Registers the worker (if `isolateBeforeMount` did not) and offers each new version through
 * `offers`. `onUpdatedElsewhere` runs when another tab let a new version take over this page.
 */
export function watchForUpdates(offers: UpdateOfferStore, onUpdatedElsewhere: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = register(false);
  let accepted = false;
  const reloadIfAccepted = () => {
    if (accepted) location.reload();
  };
  const offer = () =>
    offers.offer(() => {
      accepted = true;
      wb.messageSkipWaiting();
    });
  wb.addEventListener('waiting', offer);
  // A version the browser found while this page loaded may still be installing when Workbox
  // starts listening (it then sees neither its arrival nor its wait): watch it here too.
  void registered
    ?.then(() => navigator.serviceWorker.getRegistration(import.meta.env.BASE_URL))
    .then((registration) => {
      const installing = registration?.installing;
      if (!installing || !registration.active) return; // nothing to replace: a first install activates by itself
      installing.addEventListener('statechange', () => {
        if (installing.state === 'installed' && registration.waiting === installing) offer();
      });
    });
  // Controlled pages reload when the new version controls them; a page no worker controlled
  // (the visit that installed the first version) when it is active.
  wb.addEventListener('controlling', () => {
    if (accepted) return reloadIfAccepted();
    offers.withdraw();
    onUpdatedElsewhere();
  });
  wb.addEventListener('activated', reloadIfAccepted);
  setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  // The second stage (Monaco) is cached now, after the first session is on screen: the
  // install held only the shell (service-worker.ts). The active version fills its own.
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: 'CACHE_LATER' }));
}
