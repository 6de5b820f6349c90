/**
 * The embedded player's composition root: main.tsx hands over to it for an `?embed` address
 * (a course page's `<iframe>`; docs/architecture.md, "An embed is the app with ?embed"). It
 * starts its own agent worker told `replayOnly` (every tool call answers from the recording, and
 * its database is in memory: the person's sessions, settings and keys are never opened), and
 * renders the player. No service worker, no isolation reload, no WebContainer: the player needs
 * no cross-origin isolation, so a host page without COOP/COEP can frame it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_SETTINGS } from './store/types';
import { toWorkerSettings } from './ui/app';
import { EmbedPlayer } from './ui/embed/embed-player';
import { applyThemeChoice, cachedThemeChoice } from './ui/settings/theme';
import { createWorkerClient } from './worker/client';

/** `worker`: the agent worker main.tsx started as the page began, so it loads while this code does. */
export async function startEmbed(rootElement: HTMLElement, worker: Worker): Promise<void> {
  applyThemeChoice(cachedThemeChoice())();
  const client = createWorkerClient(worker);
  createRoot(rootElement).render(
    <StrictMode>
      <EmbedPlayer client={client} />
    </StrictMode>,
  );
  // The scripted demo's settings: the player sends no prompt, so no model of the person's is ever asked.
  // A failed start answers the player's open request with why (worker/init-gate.ts).
  await client.request({ type: 'init', sandbox: { kind: 'offline' }, settings: toWorkerSettings(DEFAULT_SETTINGS), replayOnly: true });
}
