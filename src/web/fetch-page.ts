/**
 * One page for web_fetch, fetched by the browser itself (no proxy of ours): the address is
 * checked before anything is sent, redirects are followed by the browser and the final
 * address checked again before its body is read, the body is read up to a limit, and HTML
 * becomes Markdown. Every failure is a WebFetchError (data), never a throw.
 */
import { messageOf } from '../shared/errors';
import type { Result } from '../shared/errors';
import { WEB_FETCH_MAX_BYTES, WEB_FETCH_MAX_CHARS, WEB_FETCH_TIMEOUT_MS } from '../shared/limits';
import { THIS_COMPUTER_HOSTS, isThisComputer, requestUrl } from '../shared/plain-http';
import type { WebFetchError, WebFetchErrorKind, WebPage } from '../shared/web-page';
import { htmlToMarkdown } from './html-to-markdown';
import type { ConvertOptions, Converted } from './html-to-markdown';
import { localAddressReason } from './local-address';
import { readCapped } from './read-capped';
import { pageFormat, decodeBody } from './page-format';

export interface WebFetchOptions {
  /** Settings → "Allow web_fetch to local addresses". */
  allowLocalAddresses: boolean;
  /** Default: globalThis.fetch, looked up per call (tests replace it). */
  fetch?: typeof globalThis.fetch;
  /** Default: navigator.onLine where there is one. */
  online?: () => boolean;
  maxBytes?: number;
  timeoutMs?: number;
  /** Text past this is not converted from HTML: the model is shown no more (default WEB_FETCH_MAX_CHARS). */
  maxChars?: number;
  toMarkdown?: (html: string, options: ConvertOptions) => Promise<Converted>;
}

const ALLOW_LOCAL = 'Settings → "Allow web_fetch to local addresses"';


/** An address as messages quote it: a very long one is cut, so a refusal never echoes a huge argument. */
function shown(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

function failure(kind: WebFetchErrorKind, message: string, status?: number): { ok: false; error: WebFetchError } {
  return { ok: false, error: status === undefined ? { kind, message } : { kind, message, status } };
}

function blockedMessage(url: string): string {
  return (
    `The browser could not read ${url}. Either its server does not allow web pages on other sites to read it ` +
    '(CORS: it sends no Access-Control-Allow-Origin header for this page), or it could not be reached. ' +
    'What would work: an address whose server allows browser reads (for a file on GitHub, its raw.githubusercontent.com address; ' +
    "many APIs and documentation hosts do), or the user pasting the page's text into the chat."
  );
}

/** The address to request, or why not. A plain-http address of another machine is asked over https. */
export function checkAddress(url: string, allowLocal: boolean): Result<{ target: URL; upgraded: boolean }, WebFetchError> {
  let target: URL;
  try {
    target = new URL(url.trim());
  } catch {
    return failure('invalid-url', `"${shown(url)}" is not an absolute URL. Give a full http:// or https:// address.`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return failure('invalid-url', `web_fetch reads only http:// and https:// addresses, not ${shown(target.protocol)}`);
  }
  if (target.username || target.password) return failure('invalid-url', 'web_fetch does not send credentials in URLs; give the address without user:password@.');
  const reason = localAddressReason(target.hostname);
  if (reason && !allowLocal) {
    return failure('local-address', `${shown(target.href)} is a local address (${reason}), so nothing was sent. web_fetch reaches local and private addresses only when ${ALLOW_LOCAL} is ticked.`);
  }
  // The page uses plain http only to this computer (shared/plain-http.ts).
  if (target.protocol === 'http:' && !isThisComputer(target.hostname)) {
    if (reason) return failure('insecure', `This page may use plain http only on this machine (${THIS_COMPUTER_HOSTS.join(', ')}); ${shown(target.href)} would be blocked. Use its https:// address.`);
    target.protocol = 'https:';
    return { ok: true, value: { target, upgraded: true } };
  }
  // http://[::1] is requested as http://localhost: the page's CSP cannot name [::1].
  return { ok: true, value: { target: requestUrl(target), upgraded: false } };
}

export async function fetchWebPage(url: string, signal: AbortSignal, options: WebFetchOptions): Promise<Result<WebPage, WebFetchError>> {
  const checked = checkAddress(url, options.allowLocalAddresses);
  if (!checked.ok) return checked;
  const { target, upgraded } = checked.value;
  const online = options.online ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine !== false));
  if (!online()) return failure('offline', `The browser is offline, so ${shown(target.href)} was not fetched.`);

  const timeoutMs = options.timeoutMs ?? WEB_FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const stopped = (): { ok: false; error: WebFetchError } | null =>
    signal.aborted ? failure('aborted', 'Stopped.') : timedOut ? failure('timeout', `${shown(target.href)} did not answer within ${Math.round(timeoutMs / 1000)} s.`) : null;
  try {
    if (signal.aborted) return failure('aborted', 'Stopped.');
    const fetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetch(target.href, {
        signal: controller.signal,
        credentials: 'omit',
        redirect: 'follow',
        headers: { Accept: 'text/html, text/markdown;q=0.9, text/plain;q=0.8, */*;q=0.5' },
      });
    } catch {
      const stop = stopped();
      if (stop) return stop;
      if (!online()) return failure('offline', `The browser went offline, so ${shown(target.href)} was not fetched.`);
      return failure('blocked', upgraded ? `${blockedMessage(shown(target.href))} (The address was asked over https: this page may use plain http only on this machine.)` : blockedMessage(shown(target.href)));
    }
    const finalUrl = response.url || target.href;
    const finalReason = localAddressReason(new URL(finalUrl).hostname);
    if (finalReason && !options.allowLocalAddresses) {
      await response.body?.cancel().catch(() => undefined);
      return failure('redirected-to-local', `${shown(target.href)} redirected to ${shown(finalUrl)}, a local address (${finalReason}); its answer was not read. Local and private addresses need ${ALLOW_LOCAL}.`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      const text = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      return failure('http-status', `The server answered ${text} for ${shown(finalUrl)}.`, response.status);
    }
    const body = await readCapped(response, options.maxBytes ?? WEB_FETCH_MAX_BYTES);
    const stop = stopped();
    if (stop) return stop;
    // The page has arrived: the time limit was for the server; what follows is ours, and only Stop ends it.
    clearTimeout(timer);
    if (!body.ok) return failure('blocked', `The connection to ${shown(finalUrl)} broke while its answer was read.`);
    const contentType = response.headers.get('content-type') ?? '';
    const format = pageFormat(contentType, body.value.bytes);
    const decoded = format === 'binary' ? '' : decodeBody(body.value.bytes, contentType);
    let text = decoded;
    let partial: { convertedChars: number; htmlChars: number } | undefined;
    if (format === 'html') {
      try {
        const converted = await (options.toMarkdown ?? htmlToMarkdown)(decoded, { maxChars: options.maxChars ?? WEB_FETCH_MAX_CHARS, signal });
        text = converted.text;
        if (!converted.complete) partial = { convertedChars: converted.convertedChars, htmlChars: decoded.length };
      } catch (thrown) {
        const stop = stopped();
        if (stop) return stop;
        return failure('unreadable', `${shown(finalUrl)} arrived, but its HTML could not be turned into text (${messageOf(thrown)}). Try again; if the page was never fetched while online, the converter may not be cached yet.`);
      }
    }
    return {
      ok: true,
      value: { url: target.href, finalUrl, status: response.status, contentType, format, text, bytes: body.value.bytes.byteLength, cut: body.value.cut, ...(partial ? { partial } : {}) },
    };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
