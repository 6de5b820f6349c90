/**
 * Tabs of open files and the editor of the active one (Monaco, loaded lazily). The editor
 * view owns saving and conflicts (monaco-editor-view.tsx); `flushRef` saves its unsaved edits
 * at once (called before a message is sent, so the agent's tools see them).
 */
import { Suspense, lazy, memo, useCallback, useState } from 'react';
import type { MutableRefObject } from 'react';

const MonacoEditorView = lazy(() => import('./monaco-editor-view'));

export interface EditorPaneProps {
  openPaths: string[];
  activePath: string | null;
  /** Stored content of the active file: undefined while loading, null when deleted, bytes when binary. */
  content: string | Uint8Array | null | undefined;
  onActivate: (path: string) => void;
  onClose: (path: string) => void;
  onSave: (path: string, text: string) => void;
  flushRef: MutableRefObject<(() => void) | null>;
  autosaveMs: number;
}

export const EditorPane = memo(function EditorPane({ openPaths, activePath, content, onActivate, onClose, onSave, flushRef, autosaveMs }: EditorPaneProps) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(() => new Set());
  const markDirty = useCallback(
    (path: string, isDirty: boolean) =>
      setDirty((current) => {
        if (current.has(path) === isDirty) return current;
        const next = new Set(current);
        if (isDirty) next.add(path);
        else next.delete(path);
        return next;
      }),
    [],
  );
  const onDirtyChange = useCallback((isDirty: boolean) => activePath && markDirty(activePath, isDirty), [activePath, markDirty]);

  return (
    <div className="editor-pane">
      <div role="tablist" aria-label="Open files" className="tabs">
        {openPaths.map((path) => (
          <div key={path} className={`tab${path === activePath ? ' active' : ''}`}>
            <button role="tab" type="button" aria-selected={path === activePath} onClick={() => onActivate(path)}>
              {path}
              {dirty.has(path) ? ' •' : ''}
            </button>
            <button type="button" className="icon" aria-label={`Close ${path}`} onClick={() => onClose(path)}>
              ×
            </button>
          </div>
        ))}
      </div>
      <div className="editor-body" role="tabpanel">
        {!activePath ? <p className="empty">Open a file from the tree.</p> : null}
        {activePath && content === undefined ? <p className="empty">Loading {activePath}…</p> : null}
        {activePath && content === null ? <p className="empty">{activePath} no longer exists.</p> : null}
        {activePath && content instanceof Uint8Array ? <p className="empty">Binary file, {content.byteLength} bytes.</p> : null}
        {activePath && typeof content === 'string' ? (
          <Suspense fallback={<p className="empty">Loading the editor…</p>}>
            <MonacoEditorView
              key={activePath}
              path={activePath}
              stored={content}
              onSave={(text) => onSave(activePath, text)}
              onDirtyChange={onDirtyChange}
              flushRef={flushRef}
              autosaveMs={autosaveMs}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
});
