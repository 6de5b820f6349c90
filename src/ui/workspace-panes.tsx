/**
 * The sessions and files sidebar and the centre views (editor, terminal, preview, loop
 * inspector): everything that reads the store. Loaded after the shell, so the prompt takes
 * input before IndexedDB's library and these panes have loaded (app.tsx renders placeholders
 * of the same size meanwhile). The agent's writes open in the editor; the person's edits are
 * saved through the worker; checkpoints go up to the agent panel through `onCheckpoints`.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { LoopscopeDb } from '../store/read';
import { useCheckpoints, useFileContent, useFiles, useSession } from '../store/read';
import type { ForkOrigin } from '../shared/fork-point';
import type { WorkerClient } from '../worker/client';
import { CenterViews } from './editor/center-views';
import { EditorPane } from './editor/editor-pane';
import { useEditorActions } from './editor/use-editor-actions';
import { ErrorBoundary } from './error-boundary';
import { FilesSection } from './files/files-section';
import { useSessionFile } from './files/session-file';
import { SessionsList } from './files/sessions-list';
import { useShareActions } from './share/use-share-actions';
import { PRUNED_CHECKPOINT } from './transcript/step-actions';
import { useAppActions } from './use-app-actions';

export interface WorkspacePanesProps {
  db: LoopscopeDb;
  client: WorkerClient;
  sessionId: string | null;
  running: boolean;
  /** Set to a function that saves the editor's unsaved edits at once. */
  flushRef: MutableRefObject<(() => void) | null>;
  autosaveMs: number;
  /** Checkpoint id by tool call id (PRUNED_CHECKPOINT once pruned), for Restore in the transcript. */
  onCheckpoints: (checkpoints: ReadonlyMap<string, string>) => void;
  /** The workspace's file paths, for `@` mentions in the prompt. */
  onPaths?: (paths: readonly string[]) => void;
  /** Where the open session was forked from (Fork from here), for the agent panel's link back. */
  onForkOrigin?: (origin: ForkOrigin | null) => void;
  /** The open session's notes beside its steps, for the transcript. */
  onNotes?: (notes: Readonly<Record<string, string>> | undefined) => void;
}

function WorkspacePanes({ db, client, sessionId: currentId, running, flushRef, autosaveMs, onCheckpoints, onPaths, onForkOrigin, onNotes }: WorkspacePanesProps) {
  const [openPaths, setOpenPaths] = useState<string[]>([]);
  const [activePath, setActivePath] = useState<string | null>(null);
  const sessionId = currentId ?? '';
  const files = useFiles(db, sessionId);
  const content = useFileContent(db, sessionId, activePath ?? '');
  const paths = useMemo(() => (files ?? []).map((file) => file.path), [files]);
  const storedCheckpoints = useCheckpoints(db, sessionId);
  const editorActions = useEditorActions(client, sessionId);
  const shareActions = useShareActions(client, currentId);
  const sessionFile = useSessionFile(shareActions);
  const sessionActions = useAppActions(client, currentId).sessions;
  useEffect(() => onPaths?.(paths), [paths, onPaths]);
  // A live query may still hold the session left for a moment: only the open one's record counts.
  const stored = useSession(db, sessionId);
  const record = stored?.id === sessionId ? stored : undefined;
  const forkedFrom = record?.forkedFrom ?? null;
  useEffect(() => onForkOrigin?.(forkedFrom), [forkedFrom?.sessionId, forkedFrom?.roundTrip, forkedFrom?.title, forkedFrom?.edit, onForkOrigin]);
  const notes = record?.notes;
  useEffect(() => onNotes?.(notes), [notes, onNotes]);

  useEffect(() => {
    // A pruned checkpoint stays listed (its tombstone), so its Restore can say it was pruned.
    const byCall = (storedCheckpoints ?? []).flatMap((checkpoint) =>
      checkpoint.callId ? [[checkpoint.callId, checkpoint.pruned ? PRUNED_CHECKPOINT : checkpoint.id] as const] : [],
    );
    onCheckpoints(new Map(byCall));
  }, [storedCheckpoints, onCheckpoints]);

  // Another session starts with no open files.
  useEffect(() => {
    setOpenPaths([]);
    setActivePath(null);
  }, [sessionId]);

  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type !== 'files-changed' || event.by !== 'agent') return;
        const written = event.paths[0];
        if (!written) return;
        setOpenPaths((current) => (current.includes(written) ? current : [...current, written]));
        setActivePath(written);
      }),
    [client],
  );

  const open = useCallback((path: string) => {
    setOpenPaths((current) => (current.includes(path) ? current : [...current, path]));
    setActivePath(path);
  }, []);
  const close = useCallback(
    (path: string) => {
      flushRef.current?.();
      setOpenPaths((current) => current.filter((candidate) => candidate !== path));
      setActivePath((active) => (active === path ? null : active));
    },
    [flushRef],
  );
  // Closing the active tab shows the first one left.
  useEffect(() => {
    if (activePath === null && openPaths[0]) setActivePath(openPaths[0]);
  }, [activePath, openPaths]);
  const saveFile = editorActions.saveFile;
  /** A file whose save failed after its tab closed comes back, shown, so the person sees the failure. */
  const openPathsRef = useRef(openPaths);
  openPathsRef.current = openPaths;
  const keepOpen = useCallback((path: string) => {
    if (openPathsRef.current.includes(path)) return;
    setOpenPaths((current) => (current.includes(path) ? current : [...current, path]));
    setActivePath(path);
  }, []);
  // The tabs follow the person's renames and deletes; a new file opens.
  const renamed = useCallback((from: string, to: string) => {
    const moved = (path: string) => (path === from || path.startsWith(`${from}/`) ? to + path.slice(from.length) : path);
    setOpenPaths((current) => current.map(moved));
    setActivePath((active) => (active === null ? null : moved(active)));
  }, []);
  const deleted = useCallback((gone: string) => {
    const inside = (path: string) => path === gone || path.startsWith(`${gone}/`);
    setOpenPaths((current) => current.filter((path) => !inside(path)));
    setActivePath((active) => (active !== null && inside(active) ? null : active));
  }, []);
  const created = useCallback((path: string, kind: 'file' | 'folder') => kind === 'file' && open(path), [open]);
  // Built only when its inputs change, so the agent's events leave the editor alone; one per
  // session, so unsaved marks and kept drafts stay with their session.
  const editor = useMemo(
    () => (
      <EditorPane
        key={sessionId}
        openPaths={openPaths}
        activePath={activePath}
        content={activePath ? content : undefined}
        onActivate={setActivePath}
        onClose={close}
        onSave={saveFile}
        onKeepOpen={keepOpen}
        flushRef={flushRef}
        autosaveMs={autosaveMs}
      />
    ),
    [sessionId, openPaths, activePath, content, close, saveFile, keepOpen, flushRef, autosaveMs],
  );

  return (
    <>
      <aside className="sidebar">
        <ErrorBoundary name="sessions">
          <SessionsList db={db} currentId={currentId} disabled={running} {...sessionActions} />
        </ErrorBoundary>
        <ErrorBoundary name="files">
          <FilesSection
            client={client}
            sessionId={sessionId}
            paths={paths}
            activePath={activePath}
            onOpen={open}
            running={running}
            flushRef={flushRef}
            onRenamed={renamed}
            onDeleted={deleted}
            onCreated={created}
            extraImportItems={sessionFile.importItems}
            extraExportItems={sessionFile.exportItems}
          />
          {sessionFile.elements}
        </ErrorBoundary>
      </aside>
      <section className="editor-area" aria-label="Editor">
        <ErrorBoundary name="editor">
          <CenterViews client={client} actions={editorActions} db={db} sessionId={sessionId} editor={editor} />
        </ErrorBoundary>
      </section>
    </>
  );
}

/**
 * Its props change when the session or the run's state does, not with each batch of the agent's
 * events the app renders: the panes are left out of those renders (issue 40).
 */
export default memo(WorkspacePanes);
