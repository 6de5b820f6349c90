/**
 * Tabs of open files and the Monaco editor (loaded lazily). The person's edits autosave
 * after a short pause, and `flush` saves at once (called before a message is sent, so the
 * agent's tools see them). When the stored file changes under unsaved edits, a conflict is
 * shown; nothing is overwritten silently.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';

const MonacoEditorView = lazy(() => import('./monaco-editor-view'));

const AUTOSAVE_MS = 400;

interface Draft {
  /** Stored content when the person started editing. */
  base: string;
  text: string;
}

export interface EditorPaneProps {
  openPaths: string[];
  activePath: string | null;
  /** Stored content of the active file: undefined while loading, null when deleted, bytes when binary. */
  content: string | Uint8Array | null | undefined;
  onActivate: (path: string) => void;
  onClose: (path: string) => void;
  onSave: (path: string, text: string) => void;
  flushRef: MutableRefObject<(() => void) | null>;
}

export function EditorPane({ openPaths, activePath, content, onActivate, onClose, onSave, flushRef }: EditorPaneProps) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const stored = typeof content === 'string' ? content : null;

  const save = (path: string) => {
    const timer = timers.current.get(path);
    if (timer) clearTimeout(timer);
    timers.current.delete(path);
    const draft = draftsRef.current[path];
    if (!draft) return;
    onSave(path, draft.text);
    setDrafts((current) => {
      const next = { ...current };
      delete next[path];
      return next;
    });
  };

  flushRef.current = () => {
    for (const path of Object.keys(draftsRef.current)) save(path);
  };

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const draft = activePath ? drafts[activePath] : undefined;
  const conflict = !!draft && stored !== null && stored !== draft.base && stored !== draft.text;

  const change = (path: string, text: string) => {
    if (stored === null) return;
    setDrafts((current) => ({ ...current, [path]: { base: current[path]?.base ?? stored, text } }));
    const previous = timers.current.get(path);
    if (previous) clearTimeout(previous);
    timers.current.set(
      path,
      setTimeout(() => {
        const latest = draftsRef.current[path];
        // Never autosave over a change that arrived meanwhile: the conflict banner decides.
        if (latest && latest.base === stored) save(path);
      }, AUTOSAVE_MS),
    );
  };

  return (
    <div className="editor-pane">
      <div role="tablist" aria-label="Open files" className="tabs">
        {openPaths.map((path) => (
          <div key={path} className={`tab${path === activePath ? ' active' : ''}`}>
            <button role="tab" type="button" aria-selected={path === activePath} onClick={() => onActivate(path)}>
              {path}
              {drafts[path] ? ' •' : ''}
            </button>
            <button type="button" className="icon" aria-label={`Close ${path}`} onClick={() => onClose(path)}>
              ×
            </button>
          </div>
        ))}
      </div>
      {conflict && activePath ? (
        <div role="alert" className="conflict">
          <p>{activePath} changed while you had unsaved edits.</p>
          <button type="button" onClick={() => save(activePath)}>
            Keep my version
          </button>
          <button
            type="button"
            onClick={() =>
              setDrafts((current) => {
                const next = { ...current };
                delete next[activePath];
                return next;
              })
            }
          >
            Use the new version
          </button>
        </div>
      ) : null}
      <div className="editor-body" role="tabpanel">
        {!activePath ? <p className="empty">Open a file from the tree.</p> : null}
        {activePath && content === undefined ? <p className="empty">Loading {activePath}…</p> : null}
        {activePath && content === null ? <p className="empty">{activePath} no longer exists.</p> : null}
        {activePath && content instanceof Uint8Array ? <p className="empty">Binary file, {content.byteLength} bytes.</p> : null}
        {activePath && stored !== null ? (
          <Suspense fallback={<p className="empty">Loading the editor…</p>}>
            <MonacoEditorView
              key={activePath}
              path={activePath}
              value={draft ? draft.text : stored}
              onChange={(text) => change(activePath, text)}
              onSave={() => save(activePath)}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
