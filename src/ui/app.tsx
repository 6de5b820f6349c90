/**
 * The page: sessions and files | editor | agent panel. State that belongs to the loop comes
 * from worker events (useAgentSession); stored state comes from live queries (store/read).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApprovalMode } from '../agent/types';
import type { LoopscopeDb } from '../store/read';
import { useCheckpoints, useFileContent, useFiles } from '../store/read';
import type { SettingsRecord } from '../store/types';
import type { WorkerClient } from '../worker/client';
import type { LessonInfo, WorkerSettings } from '../worker/protocol';
import { AgentPanel } from './agent-panel';
import { CenterViews } from './center-views';
import { EditorPane } from './editor-pane';
import { ErrorBoundary } from './error-boundary';
import { FileTree } from './file-tree';
import { SessionsList } from './sessions-list';
import { SettingsDialog } from './settings-dialog';
import { useAgentSession } from './use-agent-session';

export interface SandboxStatus {
  /** Shown in the status area; contains `WebContainer` or `Offline sandbox`. */
  text: string;
  busy: boolean;
}

export interface AppProps {
  db: LoopscopeDb;
  client: WorkerClient;
  sandboxStatus: SandboxStatus;
  settings: SettingsRecord;
  /** Persists settings (the key only when the person opted in). */
  saveSettings: (settings: SettingsRecord) => Promise<void>;
  /** Pause after the last keystroke before editor changes save by themselves. */
  autosaveMs: number;
}

export function toWorkerSettings(settings: SettingsRecord): WorkerSettings {
  const worker: WorkerSettings = {
    provider: settings.provider,
    model: settings.model,
    baseUrl: settings.baseUrl,
    approvalMode: settings.approvalMode,
    stepThrough: settings.stepThrough,
    loopHeuristics: settings.loopHeuristics,
    nextSpeakerCheck: settings.nextSpeakerCheck,
  };
  if (settings.apiKey) worker.apiKey = settings.apiKey;
  return worker;
}

export function App({ db, client, sandboxStatus, settings: initialSettings, saveSettings, autosaveMs }: AppProps) {
  const [view, dispatch] = useAgentSession(client);
  const [settings, setSettings] = useState(initialSettings);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [provider, setProvider] = useState<{ label: string; lessons: LessonInfo[] } | null>(null);
  const [openPaths, setOpenPaths] = useState<string[]>([]);
  const [activePath, setActivePath] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const flushRef = useRef<(() => void) | null>(null);
  const sessionId = view.sessionId ?? '';
  const files = useFiles(db, sessionId);
  const content = useFileContent(db, sessionId, activePath ?? '');
  const paths = useMemo(() => (files ?? []).map((file) => file.path), [files]);
  const storedCheckpoints = useCheckpoints(db, sessionId);
  const checkpoints = useMemo(
    () => new Map((storedCheckpoints ?? []).flatMap((checkpoint) => (checkpoint.callId ? [[checkpoint.callId, checkpoint.id] as const] : []))),
    [storedCheckpoints],
  );

  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type === 'provider') setProvider({ label: event.label, lessons: event.lessons });
        if (event.type === 'session-loaded') {
          setOpenPaths([]);
          setActivePath(null);
        }
        if (event.type === 'files-changed' && event.by !== 'person') {
          const written = event.paths[0];
          if (written && event.by === 'agent') {
            setOpenPaths((current) => (current.includes(written) ? current : [...current, written]));
            setActivePath(written);
          }
        }
      }),
    [client],
  );

  useEffect(() => {
    const onBanner = (event: Event) => setBanner((event as CustomEvent<string>).detail);
    window.addEventListener('loopscope-banner', onBanner);
    return () => window.removeEventListener('loopscope-banner', onBanner);
  }, []);

  // Changes apply at once, each on top of the latest (not of a render's snapshot), and are
  // saved in order, so a quick second change never undoes the first.
  const latestSettings = useRef(initialSettings);
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const applySettings = (patch: Partial<SettingsRecord>) => {
    const next = { ...latestSettings.current, ...patch };
    latestSettings.current = next;
    setSettings(next);
    client.send({ type: 'update-settings', settings: toWorkerSettings(next) });
    saving.current = saving.current.then(() => saveSettings(next));
  };

  const setApprovalMode = (mode: ApprovalMode) => {
    client.send({ type: 'set-approval-mode', mode });
    dispatch({ type: 'approval-mode', mode });
    applySettings({ approvalMode: mode });
  };

  // The agent panel's client saves the person's edits before a message or Continue goes out.
  const panelClient = useMemo<WorkerClient>(
    () => ({
      ...client,
      send: (request, transfer) => {
        if (request.type === 'send' || request.type === 'continue') flushRef.current?.();
        client.send(request, transfer);
      },
    }),
    [client],
  );

  const open = useCallback((path: string) => {
    setOpenPaths((current) => (current.includes(path) ? current : [...current, path]));
    setActivePath(path);
  }, []);
  const close = useCallback((path: string) => {
    flushRef.current?.();
    setOpenPaths((current) => current.filter((candidate) => candidate !== path));
    setActivePath((active) => (active === path ? null : active));
  }, []);
  // Closing the active tab shows the first one left.
  useEffect(() => {
    if (activePath === null && openPaths[0]) setActivePath(openPaths[0]);
  }, [activePath, openPaths]);
  const saveFile = useCallback((path: string, text: string) => client.send({ type: 'write-file', path, content: text }), [client]);
  const sessionActions = useMemo(
    () => ({
      onNew: () => client.send({ type: 'new-session' }),
      onOpen: (id: string) => client.send({ type: 'open-session', sessionId: id }),
      onRename: (id: string, title: string) => client.send({ type: 'rename-session', sessionId: id, title }),
      onDelete: (id: string) => client.send({ type: 'delete-session', sessionId: id }),
    }),
    [client],
  );
  // Built only when its inputs change, so the agent's events (which re-render App) leave the
  // editor side alone.
  const editor = useMemo(
    () => (
      <EditorPane
        openPaths={openPaths}
        activePath={activePath}
        content={activePath ? content : undefined}
        onActivate={setActivePath}
        onClose={close}
        onSave={saveFile}
        flushRef={flushRef}
        autosaveMs={autosaveMs}
      />
    ),
    [openPaths, activePath, content, close, saveFile, autosaveMs],
  );

  return (
    <div className="app">
      <header className="topbar">
        <h1>Loopscope</h1>
        <div role="status" className={`sandbox-status${sandboxStatus.busy ? ' busy' : ''}`}>
          {sandboxStatus.text}
        </div>
        <span className="provider-label">{provider ? `Model: ${provider.label}` : ''}</span>
        <button type="button" onClick={() => setSettingsOpen(true)}>
          Settings
        </button>
      </header>
      {banner ? (
        <div role="alert" className="banner">
          {banner}
        </div>
      ) : null}
      <main className="workspace">
        <aside className="sidebar">
          <ErrorBoundary name="sessions">
            <SessionsList db={db} currentId={view.sessionId} disabled={view.running} {...sessionActions} />
          </ErrorBoundary>
          <ErrorBoundary name="files">
            <h2 className="pane-title">Files</h2>
            <FileTree paths={paths} activePath={activePath} onOpen={open} />
          </ErrorBoundary>
        </aside>
        <section className="editor-area" aria-label="Editor">
          <ErrorBoundary name="editor">
            <CenterViews
              client={client}
              db={db}
              sessionId={sessionId}
              editor={editor}
            />
          </ErrorBoundary>
        </section>
        <section className="agent-area" aria-label="Agent panel">
          <ErrorBoundary name="agent">
            <AgentPanel
              client={panelClient}
              view={view}
              dispatch={dispatch}
              approvalMode={view.approvalMode ?? settings.approvalMode}
              onApprovalModeChange={setApprovalMode}
              stepThrough={settings.stepThrough}
              onStepThroughChange={(enabled) => applySettings({ stepThrough: enabled })}
              provider={provider}
              checkpoints={checkpoints}
            />
          </ErrorBoundary>
        </section>
      </main>
      {settingsOpen ? (
        <SettingsDialog
          settings={settings}
          onClose={() => setSettingsOpen(false)}
          onSave={(next) => {
            setSettingsOpen(false);
            applySettings(next);
          }}
        />
      ) : null}
    </div>
  );
}
