/**
 * The Preview pane. With WebContainer, a dev server's URL (on WebContainer's own origin) in a
 * frame. Offline, the workspace's page itself, scripts and all, in a frame of its own
 * (ui/preview/: an opaque origin that cannot reach the app's storage, key or worker), rebuilt
 * and reloaded as the files it uses change. Links to other workspace pages open here.
 * *Pick an element* outlines what the pointer (or the focus) is on; a click or Enter adds it
 * to the prompt's attachments, Escape leaves picking. The preview tools act on this frame.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LoopscopeDb } from '../../store/read';
import { readFileContents, useFileContents } from '../../store/read';
import type { WorkspaceContent } from '../preview/module-graph';
import { findEntry } from '../preview/preview-document';
import type { PreviewDocument } from '../preview/preview-document';
import { PreviewDriver } from '../preview/preview-driver';
import type { PreviewStatus } from '../preview/preview-driver';
import { publishPick } from '../preview/picked-elements';
import { registerPreview } from '../preview/preview-service';
import { sourceLocationOf } from '../preview/source-location';

/** A burst of writes (the agent's batch) reloads the page once. */
const REBUILD_DELAY_MS = 60;
const FRAME_PAGE = `${import.meta.env.BASE_URL}preview-frame.html`;

/** Whether two workspaces hold the same files with the same contents. */
function sameFiles(a: ReadonlyMap<string, WorkspaceContent>, b: ReadonlyMap<string, WorkspaceContent> | null): boolean {
  if (!b || a.size !== b.size) return false;
  for (const [path, content] of a) {
    const other = b.get(path);
    if (other === content) continue;
    if (typeof content === 'string' || typeof other === 'string' || other === undefined || other.length !== content.length) return false;
    for (let index = 0; index < content.length; index++) if (content[index] !== other[index]) return false;
  }
  return true;
}

function filesOf(records: readonly { path: string; content: WorkspaceContent }[]): Map<string, WorkspaceContent> {
  return new Map(records.map((record) => [record.path, record.content]));
}

function nextFrames(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
}

export function PreviewPane({ db, sessionId, serverUrl }: { db: LoopscopeDb; sessionId: string; serverUrl: string | null }) {
  const records = useFileContents(db, sessionId);
  const files = useMemo(() => filesOf(records ?? []), [records]);
  const [chosen, setChosen] = useState<string | null>(null);
  const entryOf = (workspace: ReadonlyMap<string, WorkspaceContent>) => (chosen !== null && workspace.has(chosen) ? chosen : findEntry(workspace.keys()));
  const entry = entryOf(files);
  const [reloads, setReloads] = useState(0);
  const [loads, setLoads] = useState(0);
  const [built, setBuilt] = useState<PreviewDocument | null>(null);
  const [status, setStatus] = useState<PreviewStatus>({ state: 'loading' });
  const [picking, setPicking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const frameRef = useRef<HTMLIFrameElement | null>(null);
  const latest = useRef({ files, entry, serverUrl, records, entryOf });
  latest.current = { files, entry, serverUrl, records, entryOf };
  /** The files and page the frame's page was last built from, and the build under way (only the latest one loads). */
  const builtFrom = useRef<{ files: ReadonlyMap<string, WorkspaceContent>; entry: string; reloads: number } | null>(null);
  const buildCount = useRef(0);

  const driver = useMemo(
    () =>
      new PreviewDriver({
        navigate: (path) => setChosen(path),
        status: setStatus,
        picked: (pick) => {
          setPicking(false);
          publishPick({ ...pick, source: sourceLocationOf(pick.element, pick.page, latest.current.files) });
        },
        pickEnded: () => setPicking(false),
      }),
    [],
  );
  useEffect(() => () => driver.dispose(), [driver]);

  /** Builds the page from `workspace` and loads it; resolves once it is loading (or a newer build took over). */
  const rebuild = useRef(async (_workspace: ReadonlyMap<string, WorkspaceContent>, _entry: string, _reloads: number) => undefined as void);
  rebuild.current = async (workspace, page, reloadCount) => {
    const count = ++buildCount.current;
    builtFrom.current = { files: workspace, entry: page, reloads: reloadCount };
    try {
      const { buildPage } = await import('../preview/preview-build');
      const document = await buildPage(workspace, page);
      if (count !== buildCount.current) return;
      setProblem(null);
      driver.loading(page, document.html, workspace);
      setBuilt(document);
      setLoads((loaded) => loaded + 1);
    } catch (thrown) {
      if (count === buildCount.current) setProblem(`The page could not be prepared: ${thrown instanceof Error ? thrown.message : String(thrown)}`);
    }
  };
  useEffect(() => setChosen(null), [sessionId]);

  useEffect(
    () =>
      registerPreview({
        driver,
        empty: () => {
          const now = latest.current;
          if (now.serverUrl || now.entry) return null;
          return now.records === undefined ? null : 'There is no page to preview: the workspace has no HTML file (write an index.html), and no dev server is running.';
        },
        // A preview tool acts on the files as stored: a write the live query has not brought yet is loaded first.
        sync: async () => {
          const now = latest.current;
          if (now.serverUrl) return;
          const stored = filesOf(await readFileContents(db, sessionId));
          const page = now.entryOf(stored);
          const last = builtFrom.current;
          if (!page || (last && last.entry === page && sameFiles(stored, last.files))) return;
          await rebuild.current(stored, page, last?.reloads ?? 0);
        },
        resize: async (width) => {
          const frame = frameRef.current;
          if (!frame) return;
          frame.style.width = width === null ? '' : `${width}px`;
          frame.style.flex = width === null ? '' : '0 0 auto';
          await nextFrames();
        },
      }),
    [driver, db, sessionId],
  );

  // The offline page, built afresh when its files change (or Reload is pressed); not again for files it was built from.
  useEffect(() => {
    if (serverUrl || !entry || records === undefined) return;
    const last = builtFrom.current;
    if (last && last.entry === entry && last.reloads === reloads && sameFiles(files, last.files)) return;
    const timer = setTimeout(() => void rebuild.current(files, entry, reloads), REBUILD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [files, entry, serverUrl, records, reloads]);

  // A server's page: loaded by its URL; its runtime (if the sandbox put one there) reports in.
  useEffect(() => {
    if (serverUrl) driver.loading(serverUrl, null, files);
  }, [serverUrl, reloads, driver, files]);

  useEffect(() => driver.setPicking(picking), [picking, driver, loads]);
  useEffect(() => {
    if (!picking) return;
    const leave = (event: KeyboardEvent) => event.key === 'Escape' && setPicking(false);
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [picking]);

  const offlinePage = !serverUrl && entry !== null;
  const address = serverUrl ?? (entry ? entry : 'Nothing to preview yet');
  const note =
    problem ??
    (status.state === 'refused' ? status.message : null) ??
    (offlinePage && built && built.entry === entry && built.missing.length > 0 ? `Not in the workspace: ${built.missing.slice(0, 5).join(', ')}${built.missing.length > 5 ? ` and ${built.missing.length - 5} more` : ''}` : null);

  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-bar">
        <span className="preview-address">{address}</span>
        <button type="button" onClick={() => setReloads((count) => count + 1)}>
          Reload
        </button>
        <button
          type="button"
          aria-pressed={picking}
          disabled={!serverUrl && !offlinePage}
          title="Point at an element of the page to attach it to your next message (Escape leaves)"
          onClick={() => {
            setPicking((on) => !on);
            frameRef.current?.focus();
          }}
        >
          Pick an element
        </button>
        {serverUrl ? (
          <a className="button-link" href={serverUrl} target="_blank" rel="noopener noreferrer">
            Open in new tab
          </a>
        ) : null}
      </div>
      {picking ? (
        <p className="preview-note" role="status">
          Picking: click an element of the page (or move the focus to it and press Enter). Escape leaves.
        </p>
      ) : null}
      {note ? (
        <p className="preview-note" role={status.state === 'refused' || problem ? 'alert' : undefined}>
          {note}
        </p>
      ) : null}
      {serverUrl ? (
        <iframe
          key={`server-${reloads}`}
          ref={(frame) => {
            frameRef.current = frame;
            driver.attach(frame);
          }}
          title="Preview"
          src={serverUrl}
          allow="cross-origin-isolated"
        />
      ) : offlinePage ? (
        loads > 0 ? (
          <iframe
            key={`offline-${loads}`}
            ref={(frame) => {
              frameRef.current = frame;
              driver.attach(frame);
            }}
            title="Preview"
            src={`${FRAME_PAGE}?load=${loads}`}
          />
        ) : (
          <p className="empty">Preparing the page…</p>
        )
      ) : (
        <p className="empty">
          No page to show. Ask the agent for an index.html, or on WebContainer start a dev server (for example npm run dev).
        </p>
      )}
    </section>
  );
}
