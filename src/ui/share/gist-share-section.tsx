/**
 * Share session past the link limit: Share as encrypted Gist. The worker seals the session and
 * stores it in a secret Gist with the GitHub token of Settings (worker/share/gist-share.ts); the
 * link it answers holds the Gist's id and the key after `#`. Without a token, the section says
 * where to set one instead of offering the button. GitHub's answers render as text; the Gist's
 * address is a link only when it is an http(s) one.
 */
import { useEffect, useRef, useState } from 'react';
import { formatBytes } from '../../shared/format-bytes';
import type { SharedGist } from '../../worker/protocol';
import type { ShareActions } from './use-share-actions';

type State = { status: 'idle' } | { status: 'sharing' } | { status: 'shared'; gist: SharedGist; link: string } | { status: 'failed'; message: string };

/** The Gist's page as a link target, if it is a web address. */
export function webAddress(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function GistShareSection({ actions, gitHubToken, linkOf }: { actions: Pick<ShareActions, 'shareGist'>; gitHubToken: boolean; linkOf: (fragment: string) => string }) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const [copied, setCopied] = useState('');
  const linkBox = useRef<HTMLTextAreaElement>(null);
  // The button that was pressed is gone once the link is made: the focus goes to the link, not to the page's body.
  useEffect(() => {
    if (state.status === 'shared') linkBox.current?.focus();
  }, [state.status]);

  if (!gitHubToken) {
    return (
      <p role="note">
        Or share it as an encrypted Gist: that needs a GitHub token that may make Gists (classic token: the gist scope; fine-grained: Gists, read and write). Add one in
        Settings → GitHub token, then open Share again.
      </p>
    );
  }

  const share = async () => {
    setState({ status: 'sharing' });
    const answer = await actions.shareGist();
    setState(answer.ok ? { status: 'shared', gist: answer.value, link: linkOf(answer.value.fragment) } : { status: 'failed', message: answer.error.message });
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('Link copied.');
    } catch {
      (document.querySelector('textarea[aria-label="Share link"]') as HTMLTextAreaElement | null)?.select();
      setCopied('Copying was not allowed here; the link is selected: press Ctrl+C (⌘C) to copy it.');
    }
  };

  if (state.status === 'shared') {
    const page = webAddress(state.gist.gistUrl);
    return (
      <section aria-label="Encrypted Gist" className="gist-share">
        <label>
          Share link
          <textarea ref={linkBox} aria-label="Share link" readOnly rows={2} value={state.link} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <p className="tool-note">
          Stored encrypted ({formatBytes(state.gist.sealedChars)}) in a secret Gist
          {page ? (
            <>
              {' '}
              (<a href={page} target="_blank" rel="noreferrer noopener">its page on GitHub</a>)
            </>
          ) : null}
          . GitHub holds only the encrypted text; the key is in the link after its #, which browsers never send to a server. Whoever has the link can open the
          session; delete the Gist to stop that.
        </p>
        <button type="button" onClick={() => void copy(state.link)}>
          Copy link
        </button>
        <p role="status">{copied}</p>
      </section>
    );
  }

  return (
    <section aria-label="Encrypted Gist" className="gist-share">
      <p className="tool-note">
        Or store it encrypted in a secret Gist with your GitHub token: the link then holds the Gist&apos;s id and the key, and GitHub never sees the session itself.
      </p>
      <button type="button" disabled={state.status === 'sharing'} onClick={() => void share()}>
        Share as encrypted Gist
      </button>
      {state.status === 'sharing' ? <p aria-busy="true">Encrypting the session and storing it in a secret Gist…</p> : null}
      {state.status === 'failed' ? <p role="alert">The session could not be shared as a Gist: {state.message}</p> : null}
    </section>
  );
}
