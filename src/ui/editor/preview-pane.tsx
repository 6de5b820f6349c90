/**
 * The Preview pane. With WebContainer, a dev server's URL (on WebContainer's own origin) in a
 * frame, with reload and open-in-new-tab. Offline, a static preview of the workspace's HTML in
 * a sandboxed frame (`allow-scripts` without `allow-same-origin`: the page cannot reach the
 * app's storage or key), which follows file changes live.
 */
import { useMemo, useState } from 'react';
import type { LoopscopeDb } from '../../store/read';
import { useWorkspaceTextFiles } from '../../store/read';
import { buildStaticPreview, findEntry } from './static-preview';

export function PreviewPane({ db, sessionId, serverUrl }: { db: LoopscopeDb; sessionId: string; serverUrl: string | null }) {
  const [reloads, setReloads] = useState(0);
  const files = useWorkspaceTextFiles(db, sessionId);
  const entry = files ? findEntry(files) : null;
  const srcDoc = useMemo(() => (files && entry ? buildStaticPreview(files, entry) : null), [files, entry]);

  return (
    <section className="preview" aria-label="Preview">
      <div className="preview-bar">
        <span className="preview-address">{serverUrl ?? (entry ? `${entry} (static preview: the page and its stylesheets; scripts run on WebContainer)` : 'Nothing to preview yet')}</span>
        <button type="button" onClick={() => setReloads((count) => count + 1)}>
          Reload
        </button>
        {serverUrl ? (
          <a className="button-link" href={serverUrl} target="_blank" rel="noopener noreferrer">
            Open in new tab
          </a>
        ) : null}
      </div>
      {serverUrl ? (
        <iframe key={`server-${reloads}`} title="Preview" src={serverUrl} allow="cross-origin-isolated" />
      ) : srcDoc !== null ? (
        <iframe key={`static-${reloads}`} title="Preview" sandbox="allow-scripts" srcDoc={srcDoc} />
      ) : (
        <p className="empty">
          No page to show. Ask the agent for an index.html, or on WebContainer start a dev server (for example npm run dev).
        </p>
      )}
    </section>
  );
}
