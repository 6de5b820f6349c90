/**
 * Share session: the whole session in a link's fragment (`#session=…`, never sent to a
 * server), its size, Copy link, and the same document as a session file. No key, setting or
 * approval grant is ever in either (share/document.ts).
 */
import { useEffect, useState } from 'react';
import { formatBytes } from '../../shared/format-bytes';
import type { WorkerClient } from '../../worker/client';
import type { ExportedSession } from '../../worker/protocol';
import { ModalDialog } from '../modal-dialog';
import { embedCode, embedUrl } from './embed-code';
import { GistShareSection } from './gist-share-section';
import { useShareActions } from './use-share-actions';

/** The link to this page with the session in its fragment (the query, e.g. `?sandbox=offline`, kept). */
export function shareUrl(fragment: string, location: Pick<Location, 'origin' | 'pathname' | 'search'>): string {
  return `${location.origin}${location.pathname}${location.search}#${fragment}`;
}

type State = { status: 'loading' } | { status: 'ready'; exported: ExportedSession } | { status: 'failed'; message: string };

function SizeLine({ exported }: { exported: ExportedSession }) {
  const ratio = exported.documentBytes / Math.max(1, exported.linkChars);
  return (
    <p className="share-size">
      Link size: {formatBytes(exported.linkChars)} (the session is {formatBytes(exported.documentBytes)} of JSON, packed {ratio.toFixed(1)}×).
    </p>
  );
}

/** `gitHubToken`: Settings has a GitHub token (Share as encrypted Gist is offered past the link limit). */
export function ShareDialog({ client, onClose, gitHubToken = false }: { client: WorkerClient; onClose: () => void; gitHubToken?: boolean }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [message, setMessage] = useState('');
  const actions = useShareActions(client);
  useEffect(() => {
    let live = true;
    void actions.exportLink().then((answer) => {
      if (!live) return;
      setState(answer.ok ? { status: 'ready', exported: answer.value } : { status: 'failed', message: answer.error.message });
    });
    return () => {
      live = false;
    };
  }, [actions]);
  const exported = state.status === 'ready' ? state.exported : null;
  const link = exported?.fragment ? shareUrl(exported.fragment, window.location) : null;

  // The replay-only player in an <iframe>, for a course page (embed-code.ts).
  const embed = exported?.fragment ? embedCode(embedUrl(exported.fragment, window.location)) : null;

  const copyText = async (text: string, field: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setMessage(`${what} copied.`);
    } catch {
      (document.querySelector(`textarea[aria-label="${field}"]`) as HTMLTextAreaElement | null)?.select();
      setMessage(`Copying was not allowed here; the ${what.toLowerCase()} is selected: press Ctrl+C (⌘C) to copy it.`);
    }
  };
  const copy = async () => {
    if (link) await copyText(link, 'Share link', 'Link');
  };
  const download = async () => {
    const failed = await actions.downloadSessionFile();
    setMessage(failed ? `The session file could not be made: ${failed}` : 'Session file downloaded.');
  };

  return (
    <ModalDialog title="Share session" onClose={onClose} initialFocus={link ? 'textarea' : undefined}>
      {state.status === 'loading' ? <p aria-busy="true">Packing the session…</p> : null}
      {state.status === 'failed' ? <p role="alert">The session could not be packed: {state.message}</p> : null}
      {exported && link ? (
        <>
          <label>
            Share link
            <textarea aria-label="Share link" readOnly rows={3} value={link} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <SizeLine exported={exported} />
          {embed ? (
            <label>
              Embed code
              <textarea aria-label="Embed code" aria-describedby="embed-code-note" readOnly rows={3} value={embed} onFocus={(event) => event.currentTarget.select()} />
            </label>
          ) : null}
          <p className="tool-note" id="embed-code-note">
            The embed code shows this session on another page (a course page, say) in a replay-only player: it plays the recording, runs no tools and shows
            the recorded results; Open in Loopscope opens it here.
          </p>
          {exported.linkChars > 8 * 1024 ? <p className="tool-note">Some mail and chat apps cut links this long; the session file always works.</p> : null}
        </>
      ) : null}
      {exported && !link ? (
        <p role="note">
          This session&apos;s link would be {formatBytes(exported.linkChars)}, longer than is practical to paste or send (over {formatBytes(exported.practicalLinkChars)}).
          Download the session file instead.
        </p>
      ) : null}
      {exported && !link ? <GistShareSection actions={actions} gitHubToken={gitHubToken} linkOf={(fragment) => shareUrl(fragment, window.location)} /> : null}
      <p className="tool-note">
        The link carries the whole session after its #, which browsers never send to a server. No key, setting or approval is in it; whoever opens it replays it
        asking before every change.
      </p>
      {exported && exported.notes.length > 0 ? (
        <ul className="share-notes" aria-label="Left out">
          {exported.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <p role="status">{message}</p>
      <div className="dialog-actions">
        {link ? (
          <button type="button" onClick={() => void copy()}>
            Copy link
          </button>
        ) : null}
        {embed ? (
          <button type="button" onClick={() => void copyText(embed, 'Embed code', 'Embed code')}>
            Copy embed code
          </button>
        ) : null}
        <button type="button" disabled={!exported} onClick={() => void download()}>
          Download session file
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
