/**
 * Whether a page load must first let the service worker make it cross-origin isolated: on a
 * host that sends no COOP/COEP (GitHub Pages), the worker adds them, but only to pages it
 * answers, so the first visit installs it and reloads once, before the app mounts (nothing
 * typed is lost). A pure decision; register.ts acts on it.
 */

export interface PageFacts {
  /** `crossOriginIsolated`: the host or the worker already sent the headers. */
  isolated: boolean;
  /** The browser has service workers (and this is a secure context). */
  serviceWorkers: boolean;
  /** A service worker answered this page load (`navigator.serviceWorker.controller`). */
  controlled: boolean;
  /** This load is the reload made for isolation (a mark in sessionStorage), or the mark cannot be kept. */
  reloadedForIsolation: boolean;
}

/**
 * `mount`: go on as the page is (isolated, or isolation cannot be had: the app then runs on
 * the offline sandbox and its status says why). `install-then-reload`: register the worker,
 * wait for it to be active, mark the reload, reload.
 */
export type IsolationPlan = 'mount' | 'install-then-reload';

export function isolationPlan(page: PageFacts): IsolationPlan {
  if (page.isolated || !page.serviceWorkers) return 'mount';
  // Reloaded once already and still not isolated: the worker's headers were not honoured.
  // No second reload (no loop); the next visit tries again.
  if (page.reloadedForIsolation) return 'mount';
  // Answered by the worker and yet not isolated: a reload would change nothing.
  if (page.controlled) return 'mount';
  return 'install-then-reload';
}
