/**
 * Share as encrypted Gist, for a session whose link is too long to send: its document sealed
 * in the worker (share/gist-seal.ts) and stored in a secret Gist with the person's GitHub token;
 * the link holds the Gist's id and the key after its `#`. Opening one reads the Gist (no token
 * needed), opens the seal with the link's key and checks the document as any link's. GitHub sees
 * only the sealed text and a description that names nothing of the session. The key is never
 * logged, stored or put in a message: only the link the person asked for holds it.
 */
import { openGitHub } from '../../github/client';
import type { GitHubConnection, GitHubError } from '../../github/client';
import { createSecretGist, readGistFile } from '../../github/gists';
import type { SessionDocument } from '../../share/document';
import { gistFragment, readGistLink } from '../../share/gist-link';
import { GIST_FILE_NAME, newGistKey, openSealed, sealDocument } from '../../share/gist-seal';
import type { AppError, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import { SHARE_GIST_MAX_CHARS } from '../../shared/limits';
import type { SharedGist } from '../protocol';

/** What GitHub is told the Gist is: nothing of the session (its title is in the sealed document). */
export const GIST_DESCRIPTION = 'A Loopscope session, encrypted: it opens only from its link.';

const TOKEN_NEEDED =
  'Sharing as an encrypted Gist needs a GitHub token that may make Gists (classic token: the gist scope; fine-grained: Gists, read and write). Add one in Settings → GitHub token.';

const tooLarge = (): AppError => ({
  kind: 'share-too-large',
  message: `This session is more than a Gist serves once encrypted (${SHARE_GIST_MAX_CHARS / 1024 / 1024} MB); download the session file instead.`,
});

/** The document in a new secret Gist, and the link's fragment: `gist=<id>.<key>`. */
export async function shareAsGist(document: SessionDocument, connection: GitHubConnection): Promise<Result<SharedGist, AppError>> {
  if (!connection.token) return err({ kind: 'no-token', message: TOKEN_NEEDED });
  const key = await newGistKey();
  const sealed = await sealDocument(document, key);
  if (sealed.length > SHARE_GIST_MAX_CHARS) return err(tooLarge());
  const made = await createSecretGist(openGitHub(connection), { description: GIST_DESCRIPTION, fileName: GIST_FILE_NAME, content: sealed });
  if (!made.ok) return err(made.error.kind === 'forbidden' || made.error.kind === 'not-found' ? { kind: made.error.kind, message: `GitHub did not make the Gist: ${TOKEN_NEEDED}` } : made.error);
  return ok({ fragment: gistFragment(made.value.id, key), gistUrl: made.value.htmlUrl, sealedChars: sealed.length });
}

/** Why the Gist could not be read, worded for someone who opened a link. */
function readFailure(error: GitHubError, gistId: string, connection: GitHubConnection): AppError {
  if (error.kind !== 'not-found') return { kind: error.kind, message: error.message };
  const where = connection.apiUrl.trim() ? ` at ${connection.apiUrl.trim()} (Settings → GitHub API URL)` : '';
  return { kind: 'share-gone', message: `GitHub has no Gist ${gistId}${where}: it was deleted, or the link was altered. Ask for a new link, or for the session file.` };
}

/** A Gist link's document, and the sealed text it was read from (what a session opened before is found by). */
export async function readGistSession(fragment: string, connection: GitHubConnection): Promise<Result<{ document: SessionDocument; sealed: string }, AppError>> {
  const link = readGistLink(fragment);
  if (!link.ok) return link;
  const { gistId, key } = link.value;
  const read = await readGistFile(openGitHub(connection), connection, { gistId, fileName: GIST_FILE_NAME, maxChars: SHARE_GIST_MAX_CHARS });
  if (!read.ok) return err(readFailure(read.error, gistId, connection));
  if ('missing' in read.value) return err({ kind: 'share-not-session', message: `Gist ${gistId} does not hold a Loopscope session (its file was removed or renamed). Ask for a new link.` });
  if ('tooLarge' in read.value) return err({ kind: 'share-too-large', message: `Gist ${gistId} holds more than any Loopscope shares (${SHARE_GIST_MAX_CHARS / 1024 / 1024} MB); it was not opened.` });
  const sealed = read.value.text;
  const opened = await openSealed(sealed, key);
  return opened.ok ? ok({ document: opened.value, sealed }) : opened;
}
