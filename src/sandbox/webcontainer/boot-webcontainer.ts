/**
 * Boots WebContainer on demand (never at import time: STYLE.md "What not to copy").
 * Offline, `WebContainer.boot` neither resolves nor rejects, so it races a timeout; either
 * way a failure is a value whose message says the app falls back to the offline sandbox.
 * Without cross-origin isolation WebContainer cannot run at all, so that fails at once, and
 * when a `probe` finds WebContainer's servers unreachable (no network: the name does not
 * resolve, the connection is refused) the boot cannot succeed either, so that fails at once too
 * instead of waiting out the timeout.
 */
import type { WebContainer } from '@webcontainer/api';
import { messageOf } from '../../shared/errors';
import type { WebContainerLike } from './webcontainer-like';

export interface WebContainerBootError {
  kind: 'sandbox-boot';
  message: string;
}

export type WebContainerBootResult = { ok: true; container: WebContainerLike } | { ok: false; error: WebContainerBootError };

export interface WebContainerModule {
  WebContainer: { boot(options: { workdirName: string; coep?: 'require-corp' | 'credentialless' | 'none' }): Promise<WebContainerLike> };
}

export interface BootWebContainerOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Must match the page's Cross-Origin-Embedder-Policy header; WebContainer's default is 'require-corp'. */
  coep?: 'require-corp' | 'credentialless' | 'none';
  /** Tests inject a fake module; the app uses the real dynamic import. */
  load?: () => Promise<WebContainerModule>;
  /** Defaults to `globalThis.crossOriginIsolated` (undefined outside browsers: not checked). */
  crossOriginIsolated?: boolean;
  /**
   * Rejects when WebContainer's servers cannot be reached; resolving says nothing (the boot
   * goes on against the timeout). The app passes probeWebContainerServers.
   */
  probe?: () => Promise<void>;
}

/** Where `WebContainer.boot` loads its frame from (@webcontainer/api's default editor origin). */
const BOOT_FRAME_URL = 'https://stackblitz.com/headless';

/**
 * Asks for the boot frame's page without reading it (an opaque answer is enough): fetch rejects
 * at once when the host cannot be reached, which is exactly when the frame can never load.
 */
export async function probeWebContainerServers(): Promise<void> {
  await fetch(BOOT_FRAME_URL, { mode: 'no-cors', cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' });
}

const FALLBACK = 'Loopscope falls back to the offline sandbox (files, shell tools, node and python3 work; npm and npx do not).';

/** The real WebContainer must fit our interface; this fails to compile if the API drifts. */
const fitsInterface = (container: WebContainer): WebContainerLike => container;

async function loadWebContainer(): Promise<WebContainerModule> {
  const module = await import('@webcontainer/api');
  return { WebContainer: { boot: async (options) => fitsInterface(await module.WebContainer.boot(options)) } };
}

export async function bootWebContainer(options: BootWebContainerOptions): Promise<WebContainerBootResult> {
  const isolated = options.crossOriginIsolated ?? (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  if (isolated === false) {
    return failure(
      'WebContainer needs a cross-origin-isolated page (Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy headers), and this page is not isolated.',
    );
  }
  if (options.signal?.aborted) return failure('Starting WebContainer was cancelled.');
  let settled = false;
  const boot = (async () => {
    const module = await (options.load ?? loadWebContainer)();
    return module.WebContainer.boot({ workdirName: 'project', ...(options.coep ? { coep: options.coep } : {}) });
  })();
  // A boot that finishes after we gave up would hold the page's only WebContainer: release it.
  boot.then(
    (container) => {
      if (settled) container.teardown?.();
    },
    () => {},
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<WebContainerBootResult>((resolve) => {
    timer = setTimeout(
      () => resolve(failure(`WebContainer did not start within ${formatSeconds(options.timeoutMs)} (offline, or its servers are unreachable).`)),
      options.timeoutMs,
    );
    onAbort = () => resolve(failure('Starting WebContainer was cancelled.'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
  });
  const booted = boot.then(
    (container): WebContainerBootResult => ({ ok: true, container }),
    (thrown: unknown): WebContainerBootResult => failure(`WebContainer failed to start: ${messageOf(thrown)}.`),
  );
  // A probe that answers leaves the decision to the boot and the timeout.
  const unreachable = new Promise<WebContainerBootResult>((resolve) => {
    options.probe?.().catch((thrown: unknown) => resolve(failure(`WebContainer's servers cannot be reached (${messageOf(thrown)}; offline?).`)));
  });
  try {
    return await Promise.race([booted, gaveUp, unreachable]);
  } finally {
    settled = true;
    clearTimeout(timer);
    if (onAbort) options.signal?.removeEventListener('abort', onAbort);
  }
}

function failure(reason: string): WebContainerBootResult {
  return { ok: false, error: { kind: 'sandbox-boot', message: `${reason} ${FALLBACK}` } };
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
