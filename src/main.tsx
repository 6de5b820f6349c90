/**
 * The UI thread's composition root: renders the shell in place of index.html's (whose prompt
 * took input before this code ran; ui/agent/early-prompt.ts adopts what was typed), then
 * starts the agent worker, opens the store (the stored settings arrive a moment later),
 * chooses the sandbox (WebContainer raced against a timeout, else the offline sandbox, saying
 * so) and opens the last session; a production build registers its service worker (src/pwa/).
 * An `?embed` address is the embedded player instead (embed-main.tsx).
 * Nothing else runs at import time.
 */
import { startTransition, StrictMode, useEffect, useState, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import type { LoopscopeDb } from './store/db';
import { createUpdateOffers } from './pwa/update-offers';
import type { SettingsRecord } from './store/types';
import { DEFAULT_SETTINGS } from './store/types';
import { App, prefetchDialogs, toWorkerSettings } from './ui/app';
import { applyThemeChoice, cachedThemeChoice, themeChoiceOf } from './ui/settings/theme';
import type { SandboxStatus } from './ui/app';
import { useSettingsState } from './ui/settings/use-settings-state';
import { earlyPromptBox } from './ui/agent/early-prompt';
import { keepUnsent } from './ui/agent/unsent-message';
import { endMcpSessionsOnPageHide } from './ui/settings/mcp-session-ends';
import { createWorkerClient, deferredWorker } from './worker/client';
import type { SandboxChoice } from './worker/protocol';
import { serveSandbox } from './worker/sandbox/sandbox-port';
import { servePreview } from './ui/preview/preview-service';
import { isEmbedAddress } from './shared/security-headers.mjs';
import './ui/styles.css';

const WEBCONTAINER_BOOT_TIMEOUT_MS = 12_000;

/** A value the page shows, read with useSyncExternalStore (the sandbox's status, the banner). */
function createValueStore<T>(initial: T) {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next: T) {
      status = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `?autosaveMs=N` sets the editor's autosave pause (default 400 ms; 100 ms to 10 minutes). */
function autosavePause(): number {
  const value = Number(new URLSearchParams(location.search).get('autosaveMs'));
  return Number.isFinite(value) && value >= 100 ? Math.min(value, 600_000) : 400;
}

/** `?sandbox=offline` forces the offline sandbox; `?sandbox=webcontainer` forces the attempt. */
function sandboxPreference(): 'offline' | 'webcontainer' | 'auto' {
  const value = new URLSearchParams(location.search).get('sandbox');
  return value === 'offline' || value === 'webcontainer' ? value : 'auto';
}

async function chooseSandbox(status: ReturnType<typeof createValueStore<SandboxStatus>>): Promise<{ choice: SandboxChoice; transfer: Transferable[] }> {
  const preference = sandboxPreference();
  const offline = (reason: string) => {
    status.set({ text: `Offline sandbox${reason ? ` (${reason})` : ''}`, busy: false });
    return { choice: { kind: 'offline' } as SandboxChoice, transfer: [] };
  };
  if (preference === 'offline') return offline('');
  if (preference === 'auto' && !crossOriginIsolated) return offline('this page is not cross-origin isolated, so WebContainer cannot run');
  status.set({ text: 'Starting WebContainer…', busy: true });
  const { bootWebContainer, probeWebContainerServers } = await import('./sandbox/webcontainer/boot-webcontainer');
  // By default an unreachable server means offline at once; `?sandbox=webcontainer` waits it out.
  const booted = await bootWebContainer({ timeoutMs: WEBCONTAINER_BOOT_TIMEOUT_MS, ...(preference === 'auto' ? { probe: probeWebContainerServers } : {}) });
  if (!booted.ok) return offline(`fell back: ${booted.error.message}`);
  const { createWebContainerSandbox } = await import('./sandbox/webcontainer/webcontainer-sandbox');
  const sandbox = createWebContainerSandbox(booted.container);
  // A dev server's page gets the Preview's runtime, so the preview tools and Pick an element work there too.
  void import('./ui/preview/preview-build')
    .then(({ serverPageRuntime }) => booted.container.setPreviewScript?.(serverPageRuntime()))
    .catch(() => undefined);
  const channel = new MessageChannel();
  serveSandbox(channel.port1, sandbox);
  status.set({ text: 'WebContainer', busy: false });
  return { choice: { kind: 'remote', sandboxKind: 'webcontainer', port: channel.port2 }, transfer: [channel.port2] };
}

async function start(): Promise<void> {
  // The embedded player's worker (2 MB) and code start loading at once, side by side.
  const embed = isEmbedAddress(location.search) ? { worker: new Worker(new URL('./worker/agent.worker.ts', import.meta.url), { type: 'module' }), code: import('./embed-main') } : null;
  // The entry is an async module (vite.config.ts): it may run before the page is parsed.
  if (document.readyState === 'loading') await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  // The embedded player (`?embed`, a course page's frame): a composition of its own (embed-main.tsx),
  // which runs no tools; the same test picks the headers that let other sites frame it.
  if (embed) return (await embed.code).startEmbed(rootElement, embed.worker);
  // What the page must tell the person before the app can (a storage or update problem): App shows it.
  const banners = createValueStore<string | null>(null);
  const banner = (message: string) => banners.set(message);
  // A build on a host without COOP/COEP: the service worker adds them, after one reload that
  // comes before anything mounts (src/pwa/). Isolated pages (npm start) skip this.
  if (import.meta.env.PROD && !crossOriginIsolated && 'serviceWorker' in navigator) {
    const installedLate = () => banner('Loopscope is now set up to work offline. Reload this page to make it cross-origin isolated, so WebContainer can run.');
    // What was typed into index.html's prompt meanwhile comes back after the reload.
    const keepTyped = () => {
      const typed = earlyPromptBox()?.value ?? '';
      if (typed.trim()) keepUnsent(typed);
    };
    await (await import('./pwa/register')).isolateBeforeMount(rootElement, installedLate, keepTyped);
  }
  // Before the first render: the choice cached by the last visit (the stored one comes later).
  applyThemeChoice(cachedThemeChoice())();
  // Resolves once the shell (with the prompt) is on screen: after its first commit, the next
  // frame and one more task. A frame that comes before React's first render does not count.
  // Everything else starts then, so nothing competes with the prompt's first render.
  let shellCommitted = () => {};
  const painted = new Promise<void>((resolve) => (shellCommitted = () => requestAnimationFrame(() => setTimeout(resolve, 0))));
  // The agent worker (2 MB of code); requests made before it exists wait for it, in order.
  const client = createWorkerClient(
    deferredWorker(painted.then(() => new Worker(new URL('./worker/agent.worker.ts', import.meta.url), { type: 'module' }))),
  );
  // The store (Dexie) and the stored settings.
  const store = painted.then(() => Promise.all([import('./store/db'), import('./store/settings')])).then(([{ openDatabase }, settingsModule]) => ({
    db: openDatabase({
      onVersionChange: () => banner('Loopscope was updated in another tab. Reload this page to go on.'),
      onBlocked: () => banner('Another Loopscope tab is using an older version of the database. Close it to go on.'),
    }),
    ...settingsModule,
  }));
  void painted.then(() => navigator.storage?.persist?.()).catch(() => false);
  const stored: Promise<SettingsRecord> = store
    .then(({ db, getSettings }) => getSettings(db))
    .then(
      (loaded) => {
        if (loaded.ok) return loaded.value;
        banner(`Settings could not be read (${loaded.error.message}); using defaults.`);
        return { ...DEFAULT_SETTINGS };
      },
      (thrown: unknown) => {
        banner(`The storage code could not be loaded (${thrown instanceof Error ? thrown.message : String(thrown)}); reload the page.`);
        return { ...DEFAULT_SETTINGS };
      },
    );
  const status = createValueStore<SandboxStatus>({ text: 'Preparing the sandbox…', busy: true });
  // New versions are offered, never forced (the notice is ui/update-notice.tsx).
  const updates = createUpdateOffers();
  const updatedElsewhere = () => banner('Loopscope was updated in another tab. Reload this page to use the new version.');
  // Once the first session is on screen and the page is idle: the dialogs' code is fetched (so
  // they open at once, also offline), and the service worker registers (its install fetches the
  // app shell, ~1 MB compressed, then Monaco), neither competing with the prompt's first seconds,
  // when the agent worker is still loading and a first message may already be sent.
  let sessionShown: () => void = () => undefined;
  const firstSession = new Promise<void>((resolve) => (sessionShown = resolve));
  const idle = () => new Promise<void>((resolve) => ('requestIdleCallback' in window ? requestIdleCallback(() => resolve(), { timeout: 5_000 }) : setTimeout(resolve, 1_000)));
  const afterFirstSession = firstSession.then(idle);
  void afterFirstSession.then(prefetchDialogs);
  if (import.meta.env.PROD) void afterFirstSession.then(() => import('./pwa/register')).then(({ watchForUpdates }) => watchForUpdates(updates, updatedElsewhere));

  // MCP sessions the worker holds are ended (DELETE) when the page closes.
  endMcpSessionsOnPageHide(client);

  client.subscribe((event) => {
    if (event.type !== 'session-loaded') return;
    sessionShown();
    void store.then(({ db, putSettings }) => putSettings(db, { lastSessionId: event.session.sessionId })).catch(() => undefined);
  });

  // The key lives in the app's memory for this tab; it is stored only when the person chose
  // to remember it (putSettings strips it otherwise too: reliability rule 9).
  const saveSettings = async (next: SettingsRecord): Promise<void> => {
    const { db, putSettings, settingsChanges } = await store;
    const saved = await putSettings(db, settingsChanges(next));
    if (!saved.ok) banner(`Settings could not be saved: ${saved.error.message}`);
  };

  // A change made while the sandbox is still being chosen reaches the worker with `init`.
  let latest: SettingsRecord | null = null;
  const announce = (next: SettingsRecord) => {
    latest = next;
    client.send({ type: 'update-settings', settings: toWorkerSettings(next) });
  };

  function Root() {
    const sandboxStatus = useSyncExternalStore(status.subscribe, status.get);
    const banner = useSyncExternalStore(banners.subscribe, banners.get);
    const { settings, apply } = useSettingsState(stored, saveSettings, announce);
    const [db, setDb] = useState<LoopscopeDb | null>(null);
    useEffect(() => shellCommitted(), []);
    const theme = settings ? themeChoiceOf(settings.theme) : cachedThemeChoice();
    useEffect(() => applyThemeChoice(theme), [theme]);
    useEffect(() => void store.then(({ db: opened }) => setDb(opened)).catch(() => undefined), []); // a failed load is reported with the settings
    return <App db={db} client={client} sandboxStatus={sandboxStatus} banner={banner} settings={settings} applySettings={apply} autosaveMs={autosavePause()} updates={updates} />;
  }

  // A transition: React renders the shell in slices, so a key typed into index.html's prompt
  // meanwhile is handled between them (the prompt adopts it at its first commit).
  const root = createRoot(rootElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root />
      </StrictMode>,
    ),
  );

  const [loaded, { choice, transfer }] = await Promise.all([stored, painted.then(() => chooseSandbox(status))]);
  const settings = latest ?? loaded;
  // The preview tools reach the Preview on this page through this port.
  const previewChannel = new MessageChannel();
  servePreview(previewChannel.port1);
  const init = { type: 'init' as const, sandbox: choice, settings: toWorkerSettings(settings), preview: previewChannel.port2 };
  const answer = await client.request(settings.lastSessionId ? { ...init, sessionId: settings.lastSessionId } : init, [...transfer, previewChannel.port2]);
  if (!answer.ok) banner(`The session could not be opened: ${answer.error.message}`);
}

void start();
