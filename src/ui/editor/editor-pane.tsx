/**
 * Tabs of open files and the editor of the active one (Monaco, loaded lazily). The editor
 * view owns saving and conflicts (monaco-editor-view.tsx); `flushRef` saves its unsaved edits
 * at once (called before a message is sent, so the agent's tools see them). A tab keeps its
 * unsaved mark (•) until the store has the text. The pane keeps the text of a file whose save
 * failed after its editor closed (a closed or switched-away tab) and shows it again, unsaved,
 * when that file is opened, until it is stored.
 */
import { Suspense, lazy, memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import type { AppError } from '../../shared/errors';
import type { WorkerResponse } from '../../worker/client';
import { BinaryFileView } from './binary-file-view';
import { OpenFileTabs, tabPanelIds } from './open-file-tabs';
import type { UnsavedDraft } from '../transcript/stored-text';

const MonacoEditorView = lazy(() => import('./monaco-editor-view'));

export interface EditorPaneProps {
  openPaths: string[];
  activePath: string | null;
  /** Stored content of the active file: undefined while loading, null when deleted, bytes when binary. */
  content: string | Uint8Array | null | undefined;
  onActivate: (path: string) => void;
  onClose: (path: string) => void;
  /** Sends a save; resolves with the worker's answer. */
  onSave: (path: string, text: string) => Promise<WorkerResponse>;
  /** A file whose save failed after its tab closed: open its tab again. */
  onKeepOpen: (path: string) => void;
  flushRef: MutableRefObject<(() => void) | null>;
  autosaveMs: number;
}

export const EditorPane = memo(function EditorPane({ openPaths, activePath, content, onActivate, onClose, onSave, onKeepOpen, flushRef, autosaveMs }: EditorPaneProps) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const [drafts, setDrafts] = useState<ReadonlyMap<string, UnsavedDraft>>(() => new Map());
  const markDirty = useCallback((path: string, isDirty: boolean) => {
    // Stored (or back to the stored text): a kept draft is no longer needed.
    if (!isDirty)
      setDrafts((current) => {
        if (!current.has(path)) return current;
        const next = new Map(current);
        next.delete(path);
        return next;
      });
    setDirty((current) => {
      if (current.has(path) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(path);
      else next.delete(path);
      return next;
    });
  }, []);
  const onDirtyChange = useCallback((isDirty: boolean) => activePath && markDirty(activePath, isDirty), [activePath, markDirty]);
  const paneOpen = useRef(true);
  useEffect(() => {
    paneOpen.current = true;
    return () => {
      paneOpen.current = false;
    };
  }, []);
  const onUnsavedAfterClose = useCallback(
    (text: string, error: AppError) => {
      // A pane left for another session has nowhere to show the text: switching sessions drops it.
      if (!activePath || !paneOpen.current) return;
      const path = activePath;
      setDrafts((current) => new Map(current).set(path, { text, error }));
      markDirty(path, true);
      onKeepOpen(path);
    },
    [activePath, markDirty, onKeepOpen],
  );

  const idPrefix = useId();
  const panel = tabPanelIds(idPrefix, openPaths, activePath);
  return (
    <div className="editor-pane">
      <OpenFileTabs openPaths={openPaths} activePath={activePath} dirty={dirty} idPrefix={idPrefix} onActivate={onActivate} onClose={onClose} />
      <div className="editor-body" role="tabpanel" id={panel.id} aria-labelledby={panel.labelledBy}>
        {!activePath ? <p className="empty">Open a file from the tree.</p> : null}
        {activePath && content === undefined ? <p className="empty">Loading {activePath}…</p> : null}
        {activePath && content === null ? <p className="empty">{activePath} no longer exists.</p> : null}
        {activePath && content instanceof Uint8Array ? <BinaryFileView path={activePath} bytes={content} /> : null}
        {activePath && typeof content === 'string' ? (
          <Suspense fallback={<p className="empty">Loading the editor…</p>}>
            <MonacoEditorView
              key={activePath}
              path={activePath}
              stored={content}
              draft={drafts.get(activePath)}
              onSave={(text) => onSave(activePath, text)}
              onDirtyChange={onDirtyChange}
              onUnsavedAfterClose={onUnsavedAfterClose}
              flushRef={flushRef}
              autosaveMs={autosaveMs}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
});
