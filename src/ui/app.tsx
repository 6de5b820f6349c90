/**
 * The page: sessions and files | editor | agent panel. This shell (header, agent panel,
 * prompt) renders first and needs no storage; the panes that read the store load after it
 * (workspace-panes.tsx). State that belongs to the loop comes from worker events
 * (useAgentSession); stored state comes from live queries (store/read).
 */
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { ApprovalMode } from '../agent/types';
import type { LoopscopeDb } from '../store/read';
import { DEFAULT_SETTINGS } from '../store/types';
import type { SettingsRecord } from '../store/types';
import type { ForkOrigin } from '../shared/fork-point';
import type { UpdateOffers } from '../pwa/types';
import type { WorkerClient } from '../worker/client';
import type { LessonInfo, WorkerSettings } from '../worker/protocol';
import { AgentPanel } from './agent/agent-panel';
import { OpenComparisonContext } from './compare/compare-context';
import { DownloadFailed, ErrorBoundary } from './error-boundary';
import { loadFailure, onDemand, useOnDemand } from './on-demand';
import { PaneSplitters, usePaneSizes } from './pane-splitters';
import { UpdateNotice } from './update-notice';
import { useAppActions } from './use-app-actions';
import { useSessionLinks } from './use-session-links';
import { useAgentSession } from './agent/use-agent-session';

export interface SandboxStatus {
  /** Shown in the status area; contains `WebContainer` or `Offline sandbox`. */
  text: string;
  busy: boolean;
}

export interface AppProps {
  /** Null until the store has loaded (after the shell); the side panes wait for it. */
  db: LoopscopeDb | null;
  client: WorkerClient;
  sandboxStatus: SandboxStatus;
  /** What the page's start-up has to say (storage, updates), shown above the workspace. */
  banner?: string | null;
  /** Null until the stored settings are read; the prompt works before that. */
  settings: SettingsRecord | null;
  /** Applies, announces to the worker and persists a change (useSettingsState). */
  applySettings: (patch: Partial<SettingsRecord>) => Promise<void>;
  /** Pause after the last keystroke before editor changes save by themselves. */
  autosaveMs: number;
  /** New versions of the app, offered by the service worker (production builds). */
  updates?: UpdateOffers;
}

export function toWorkerSettings(settings: SettingsRecord): WorkerSettings {
  const worker: WorkerSettings = {
    provider: settings.provider,
    model: settings.model,
    baseUrl: settings.baseUrl,
    openaiBaseUrl: settings.openaiBaseUrl,
    openaiModel: settings.openaiModel,
    approvalMode: settings.approvalMode,
    stepThrough: settings.stepThrough,
    loopHeuristics: settings.loopHeuristics,
    nextSpeakerCheck: settings.nextSpeakerCheck,
  };
  if (settings.apiKey) worker.apiKey = settings.apiKey;
  if (settings.openaiApiKey) worker.openaiApiKey = settings.openaiApiKey;
  if (settings.unknownModelContextWindow) worker.unknownModelContextWindow = settings.unknownModelContextWindow;
  if (settings.githubToken) worker.githubToken = settings.githubToken;
  if (settings.githubApiUrl) worker.githubApiUrl = settings.githubApiUrl;
  if (settings.webFetchLocalAddresses) worker.webFetchLocalAddresses = true;
  if (settings.geminiUrlContext) worker.geminiUrlContext = true;
  if (settings.commandTimeLimitSeconds !== undefined) worker.commandTimeLimitSeconds = settings.commandTimeLimitSeconds;
  if (settings.afterEditHook) worker.afterEditHook = settings.afterEditHook;
  if (settings.beforeStopHook) worker.beforeStopHook = settings.beforeStopHook;
  if (settings.mcpServers?.length) worker.mcpServers = settings.mcpServers;
  if (settings.traceEndpoint) worker.traceEndpoint = settings.traceEndpoint;
  if (settings.traceHeaders) worker.traceHeaders = settings.traceHeaders;
  if (settings.traceMessages) worker.traceMessages = true;
  return worker;
}

// Loaded after the shell: the panes that read the store (workspace-panes.tsx) once it is
// open, and the dialogs when one first opens (or ahead, prefetchDialogs).
const workspacePanes = onDemand(() => import('./workspace-panes').then((module) => module.default));
const dialogs = onDemand(() =>
  Promise.all([import('./settings/settings-dialog'), import('./share/share-dialog')]).then(([settings, share]) => ({ SettingsDialog: settings.SettingsDialog, ShareDialog: share.ShareDialog })),
);

const comparisonRegion = onDemand(() => import('./compare/comparison-region').then((module) => module.ComparisonRegion));

/** Fetches the dialogs' code ahead (main.tsx: when idle after the first session); a failure is reported when one opens. */
export function prefetchDialogs(): void {
  void dialogs.load().catch(() => undefined);
}

/** In the panes' place when their code could not be loaded; the prompt still works. */
function PanesFailed({ error }: { error: unknown }) {
  return (
    <>
      <aside className="sidebar">
        <DownloadFailed what="The files and the editor could not be loaded" error={error} />
      </aside>
      <section className="editor-area" aria-label="Editor" />
    </>
  );
}

/** Same size as the panes, so nothing moves when they arrive. */
function PanesPlaceholder() {
  return (
    <>
      <aside className="sidebar" aria-busy="true" />
      <section className="editor-area" aria-label="Editor" aria-busy="true" />
    </>
  );
}

export function App({ db, client, sandboxStatus, banner: startBanner = null, settings, applySettings, autosaveMs, updates }: AppProps) {
  const [view, dispatch] = useAgentSession(client);
  /** Open Settings, and the field that gets the focus (`/model`: Model). */
  const [settingsOpen, setSettingsOpen] = useState<false | { focus?: 'model' }>(false);
  const [workspacePaths, setWorkspacePaths] = useState<readonly string[]>([]);
  const [provider, setProvider] = useState<{ label: string; lessons: LessonInfo[] } | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const [checkpoints, setCheckpoints] = useState<ReadonlyMap<string, string>>(() => new Map());
  const [forkedFrom, setForkedFrom] = useState<ForkOrigin | null>(null);
  const [notes, setNotes] = useState<Readonly<Record<string, string>> | undefined>(undefined);
  const flushRef = useRef<(() => void) | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  /** Compare with original: shown in the workspace's place; the control that opened it gets the focus back. */
  const [comparing, setComparing] = useState(false);
  const comparisonOpener = useRef<HTMLElement | null>(null);
  const workspaceRef = useRef<HTMLElement>(null);
  const panes = usePaneSizes();
  const panesCode = useOnDemand(workspacePanes, db !== null);
  const WorkspacePanes = panesCode.value;
  const openingLink = useSessionLinks(client, dispatch);
  const actions = useAppActions(client, view.sessionId);
  const Dialogs = dialogs.loaded();
  const openDialog = (name: string, open: () => void) =>
    void dialogs.load().then(open, (error: unknown) => setBanner(`${name} could not be opened: ${loadFailure(error)}.`));

  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type === 'provider') setProvider({ label: event.label, lessons: event.lessons });
      }),
    [client],
  );

  const openComparison = useCallback(() => {
    comparisonOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    void comparisonRegion.load().then(
      () => setComparing(true),
      (error: unknown) => setBanner(`Compare with original could not be opened: ${loadFailure(error)}.`),
    );
  }, []);
  // Another session: its own comparison, if any, is opened anew.
  useEffect(() => setComparing(false), [view.sessionId]);
  const Comparison = comparisonRegion.loaded();
  const showComparison = comparing && Comparison !== null && db !== null && view.sessionId !== null && forkedFrom !== null;
  useEffect(() => {
    // The workspace back in view: the focus goes back to the control that opened the comparison.
    if (showComparison || !comparisonOpener.current) return;
    comparisonOpener.current.focus();
    comparisonOpener.current = null;
  }, [showComparison]);

  // The newest word wins: start-up's when it changes, else a dialog that could not open.
  useEffect(() => setBanner(startBanner), [startBanner]);

  const setApprovalMode = (mode: ApprovalMode) => {
    actions.setApprovalMode(mode);
    dispatch({ type: 'approval-mode', mode });
    applySettings({ approvalMode: mode });
  };

  return (
    <div className="app">
      <header className="topbar">
        <h1>Loopscope</h1>
        <div role="status" className={`sandbox-status${sandboxStatus.busy ? ' busy' : ''}`}>
          {sandboxStatus.text}
        </div>
        <span className="provider-label">{provider ? `Model: ${provider.label}` : ''}</span>
        <button type="button" disabled={!view.sessionId} onClick={() => openDialog('Share', () => setShareOpen(true))}>
          Share
        </button>
        <button type="button" disabled={!settings} onClick={() => openDialog('Settings', () => setSettingsOpen({}))}>
          Settings
        </button>
      </header>
      {banner ? (
        <div role="alert" className="banner">
          {banner}
        </div>
      ) : null}
      {openingLink ? (
        <p role="status" aria-busy="true" className="banner link-opening">
          {openingLink}
        </p>
      ) : null}
      {updates ? <UpdateNotice offers={updates} busy={view.running || view.waitingMessage !== null} /> : null}
      {showComparison && Comparison !== null && db && view.sessionId && forkedFrom ? (
        <Comparison db={db} sessionId={view.sessionId} origin={forkedFrom} prices={settings?.modelPrices} onClose={() => setComparing(false)} />
      ) : null}
      {/* Hidden, not unmounted, while the comparison is shown: the editor, the terminal and the transcript stay as they were. */}
      <OpenComparisonContext.Provider value={db && forkedFrom ? openComparison : null}>
        <main className="workspace" ref={workspaceRef} style={panes.style} hidden={showComparison}>
          {db && WorkspacePanes ? (
            <Suspense fallback={<PanesPlaceholder />}>
              <WorkspacePanes
                db={db}
                client={client}
                sessionId={view.sessionId}
                running={view.running || view.waitingMessage !== null}
                flushRef={flushRef}
                autosaveMs={autosaveMs}
                onCheckpoints={setCheckpoints}
                onPaths={setWorkspacePaths}
                onForkOrigin={setForkedFrom}
                onNotes={setNotes}
              />
            </Suspense>
          ) : panesCode.failure ? (
            <PanesFailed error={panesCode.failure.error} />
          ) : (
            <PanesPlaceholder />
          )}
          <section className="agent-area" aria-label="Agent panel">
            <ErrorBoundary name="agent">
              <AgentPanel
                client={client}
                flushRef={flushRef}
                view={view}
                dispatch={dispatch}
                approvalMode={view.approvalMode ?? settings?.approvalMode ?? DEFAULT_SETTINGS.approvalMode}
                settingsReady={settings !== null}
                onApprovalModeChange={setApprovalMode}
                stepThrough={settings?.stepThrough ?? DEFAULT_SETTINGS.stepThrough}
                onStepThroughChange={(enabled) => applySettings({ stepThrough: enabled })}
                provider={provider}
                checkpoints={checkpoints}
                forkedFrom={forkedFrom}
                notes={notes}
                workspacePaths={workspacePaths}
                onOpenSettings={(focus) => settings && openDialog('Settings', () => setSettingsOpen({ focus }))}
                onOpenShare={() => view.sessionId && openDialog('Share', () => setShareOpen(true))}
              />
            </ErrorBoundary>
          </section>
          <PaneSplitters workspace={workspaceRef} sizes={panes.sizes} setSize={panes.setSize} />
        </main>
      </OpenComparisonContext.Provider>
      {settingsOpen && settings && Dialogs ? (
        <Dialogs.SettingsDialog
          settings={settings}
          {...(settingsOpen.focus ? { initialFocus: settingsOpen.focus } : {})}
          freeSpace={actions.freeSpace}
          connectMcp={actions.connectMcp}
          onClose={() => setSettingsOpen(false)}
          onSave={async (next) => {
            // Closes once stored, so a reload right after Save keeps the change.
            await applySettings(next);
            setSettingsOpen(false);
          }}
        />
      ) : null}
      {shareOpen && Dialogs ? <Dialogs.ShareDialog client={client} gitHubToken={Boolean(settings?.githubToken)} onClose={() => setShareOpen(false)} /> : null}
    </div>
  );
}
