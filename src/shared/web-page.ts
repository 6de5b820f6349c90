/**
 * What web_fetch gets from the page fetcher (web/ fetches, tools/ formats for the model):
 * a page as readable text, or why not, as data.
 */
import type { AppError, Result } from './errors';

export interface WebPage {
  /** The address asked for. */
  url: string;
  /** Where the browser ended up after redirects. */
  finalUrl: string;
  status: number;
  /** As the server sent it (empty when it sent none). */
  contentType: string;
  /** html: turned into Markdown; text: as sent; binary: not shown (text is empty). */
  format: 'html' | 'text' | 'binary';
  /** The readable text: Markdown for HTML (scripts and styles dropped), the body for text. */
  text: string;
  /** Bytes of the body read. */
  bytes: number;
  /** The body was longer than the read limit and was cut there. */
  cut: boolean;
  /** HTML converted only in part: `text` was already longer than the model is shown, so the rest was not turned into text. */
  partial?: { convertedChars: number; htmlChars: number };
}

/**
 * - invalid-url: not an absolute http(s) URL.
 * - local-address: a local or private address while Settings does not allow them (nothing was sent).
 * - redirected-to-local: the server redirected to one (its answer was not read).
 * - blocked: the browser could not read it: the server does not allow other sites' pages (CORS), or was not reached.
 * - offline: the browser is offline.
 * - http-status: the server answered with an error status.
 * - timeout, aborted: the time limit, or Stop.
 * - insecure: a plain-http address of another machine, which this page is not allowed to reach.
 * - unreadable: the page arrived but could not be turned into text (the converter failed to load or to run).
 */
export type WebFetchErrorKind = 'invalid-url' | 'local-address' | 'redirected-to-local' | 'blocked' | 'offline' | 'http-status' | 'timeout' | 'aborted' | 'insecure' | 'unreadable';

export type WebFetchError = AppError<WebFetchErrorKind> & { status?: number };

/** The web as web_fetch sees it (web/web-access.ts makes one; tests pass their own). */
export interface WebAccess {
  /** Why this address is refused before anything is asked or sent (not an http(s) URL, a local address while not allowed); null when it may be fetched. */
  refusal(url: string): WebFetchError | null;
  fetchPage(url: string, signal: AbortSignal): Promise<Result<WebPage, WebFetchError>>;
}
