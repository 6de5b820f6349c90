/**
 * The centre of the page: Editor, Terminal, Preview and the Loop inspector as tabs. A view stays mounted once
 * opened (the terminal keeps its scrollback); a dev server that starts, or a preview tool, brings Preview forward.
 */
import { Suspense, lazy, memo, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { LoopscopeDb } from '../../store/read';
import type { WorkerClient } from '../../worker/client';
import { LoopInspector } from '../inspector/loop-inspector';
import { useLoopTracking } from '../inspector/use-live-loop';
import { PreviewPane } from './preview-pane';
import { onPreviewWanted } from '../preview/preview-service';
import type { EditorActions } from './use-editor-actions';

const TerminalView = lazy(() => import('./terminal-view'));

type View = 'Editor' | 'Terminal' | 'Preview' | 'Loop inspector';
const VIEWS: View[] = ['Editor', 'Terminal', 'Preview', 'Loop inspector'];

export const CenterViews = memo(function CenterViews({
  client,
  actions,
  db,
  sessionId,
  editor,
}: {
  client: WorkerClient;
  /** The session's editor and terminal actions (use-editor-actions.ts). */
  actions: EditorActions;
  db: LoopscopeDb;
  sessionId: string;
  editor: ReactNode;
}) {
  const [view, setView] = useState<View>('Editor');
  // The Diagram lights where each session's loop is: its tracker listens before the inspector is ever opened.
  useLoopTracking(client);
  const [opened, setOpened] = useState<Set<View>>(() => new Set(['Editor']));
  const [serverUrl, setServerUrl] = useState<string | null>(null);

  // A view opened by a click (or Enter) may take the focus; one reached by the arrow keys leaves it on the tabs.
  const [focusOnOpen, setFocusOnOpen] = useState(true);
  const show = (next: View, takeFocus = true) => {
    setFocusOnOpen(takeFocus);
    setView(next);
    setOpened((current) => (current.has(next) ? current : new Set([...current, next])));
  };

  // A preview tool called while the Preview was never opened brings it forward (the focus stays where it is).
  useEffect(() => onPreviewWanted(() => show('Preview', false)), []);
  useEffect(
    () =>
      client.subscribe((event) => {
        if (event.type === 'server-ready') {
          setServerUrl(event.url);
          show('Preview');
        }
        if (event.type === 'session-loaded') setServerUrl(null);
      }),
    [client],
  );

  return (
    <div className="center-views">
      <div role="tablist" aria-label="Views" className="view-tabs">
        {VIEWS.map((name) => (
          <button
            key={name}
            role="tab"
            type="button"
            aria-selected={view === name}
            // Roving focus (WAI-ARIA tabs): Tab reaches the selected tab, arrows move the focus with the selection.
            tabIndex={view === name ? 0 : -1}
            onClick={() => show(name)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = VIEWS[(VIEWS.indexOf(name) + step + VIEWS.length) % VIEWS.length]!;
              show(next, false);
              const tabs = event.currentTarget.parentElement?.querySelectorAll<HTMLElement>('[role="tab"]');
              tabs?.[VIEWS.indexOf(next)]?.focus();
            }}
          >
            {name}
          </button>
        ))}
      </div>
      <div className="view-body" hidden={view !== 'Editor'}>
        {editor}
      </div>
      {opened.has('Terminal') && sessionId ? (
        <section className="view-body terminal" aria-label="Terminal" hidden={view !== 'Terminal'}>
          <Suspense fallback={<p className="empty">Loading the terminal…</p>}>
            <TerminalView shell={actions.terminal} focusOnStart={focusOnOpen} />
          </Suspense>
        </section>
      ) : null}
      {opened.has('Preview') && sessionId ? (
        <div className="view-body" hidden={view !== 'Preview'}>
          <PreviewPane db={db} sessionId={sessionId} serverUrl={serverUrl} />
        </div>
      ) : null}
      {view === 'Loop inspector' && sessionId ? (
        <section className="view-body inspector" aria-label="Loop inspector">
          <LoopInspector db={db} sessionId={sessionId} client={client} />
        </section>
      ) : null}
    </div>
  );
});
