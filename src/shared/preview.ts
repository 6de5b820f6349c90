/**
 * The running page of the Preview, as the agent's preview tools reach it (tools/preview-tools.ts).
 * The page lives on the UI thread, in a frame of its own (ui/preview/); the worker reaches it
 * through a PreviewAccess (worker/preview/preview-port.ts), whose answers are values: a failure
 * is `{ ok: false, error }`, never a rejection.
 */

export type PreviewFailureKind =
  /** No page to act on: nothing to preview, or the Preview could not be shown. */
  | 'no-page'
  /** The selector matched no element. */
  | 'no-match'
  /** The selector is not valid CSS. */
  | 'bad-selector'
  /** The page did not answer in time (a script that never yields, a page still loading). */
  | 'timeout'
  | 'cancelled'
  | 'failed';

export interface PreviewFailure {
  kind: PreviewFailureKind;
  message: string;
}

export type PreviewAnswer<T> = { ok: true; value: T } | { ok: false; error: PreviewFailure };

export type PreviewConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug' | 'uncaught';

export interface PreviewConsoleEntry {
  level: PreviewConsoleLevel;
  text: string;
  /** Milliseconds since the page loaded. */
  at: number;
}

export interface PreviewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreviewElement {
  /** A selector that finds this element again (ids first, else a path of tags and positions). */
  selector: string;
  tag: string;
  /** Its visible text, trimmed and capped. */
  text: string;
  attributes: Record<string, string>;
  /** In CSS pixels of the page's viewport. */
  box: PreviewBox;
  visible: boolean;
  /** For inputs, selects and text areas. */
  value?: string;
}

export interface PreviewConsole {
  /** The workspace file the page was loaded from, e.g. `index.html`. */
  page: string;
  entries: PreviewConsoleEntry[];
  /** Entries left out, oldest first, past the cap. */
  dropped: number;
}

export interface PreviewShot {
  page: string;
  mimeType: 'image/png';
  /** base64 */
  data: string;
  width: number;
  height: number;
}

export interface PreviewQuery {
  page: string;
  /** How many elements matched; at most PREVIEW_QUERY_MAX are described. */
  count: number;
  elements: PreviewElement[];
}

export interface PreviewAction {
  page: string;
  element: PreviewElement;
  /** Console entries the action caused (those logged in the moment after it). */
  console: PreviewConsoleEntry[];
}

export const PREVIEW_QUERY_MAX = 20;
export const PREVIEW_CONSOLE_MAX = 200;
export const PREVIEW_TEXT_MAX = 500;
/** Widths a screenshot may be taken at (CSS pixels). */
export const PREVIEW_WIDTH_MIN = 240;
export const PREVIEW_WIDTH_MAX = 1920;

/** What the preview tools ask of the page. Every method resolves, never rejects. */
export interface PreviewAccess {
  console(signal: AbortSignal): Promise<PreviewAnswer<PreviewConsole>>;
  screenshot(width: number | undefined, signal: AbortSignal): Promise<PreviewAnswer<PreviewShot>>;
  query(selector: string, signal: AbortSignal): Promise<PreviewAnswer<PreviewQuery>>;
  click(selector: string, signal: AbortSignal): Promise<PreviewAnswer<PreviewAction>>;
  type(selector: string, text: string, signal: AbortSignal): Promise<PreviewAnswer<PreviewAction>>;
}

/** One request over the preview port (worker → page) and its answer. */
export type PreviewOperation =
  | { op: 'console' }
  | { op: 'screenshot'; width?: number }
  | { op: 'query'; selector: string }
  | { op: 'click'; selector: string }
  | { op: 'type'; selector: string; text: string };

export type PreviewPortRequest = ({ rpc: 'call'; id: number } & PreviewOperation) | { rpc: 'abort'; id: number };
export interface PreviewPortReply {
  rpc: 'result';
  id: number;
  answer: PreviewAnswer<unknown>;
}

export function previewFailure(kind: PreviewFailureKind, message: string): { ok: false; error: PreviewFailure } {
  return { ok: false, error: { kind, message } };
}
