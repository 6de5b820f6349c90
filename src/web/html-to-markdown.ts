/**
 * HTML as Markdown for the model, with node-html-markdown (no DOM needed, so it runs in the
 * worker). Loaded on the first page fetched: a session that never fetches never parses it.
 * Scripts, styles and other non-content elements are dropped by the library; comments too.
 *
 * The library's time grows faster than the page (1 MB of HTML took 0.8 s, 5 MB 18 s in Node),
 * and a call holds the agent's thread. So a page is converted in slices of about
 * HTML_SLICE_CHARS, each cut after a block's end tag and never inside a script or style, with a
 * turn of the event loop between slices (Stop is heard there), and converting stops once the
 * text is longer than the model will be shown.
 */
type Translate = (html: string) => string;

/** HTML converted in one call at most (about 20 ms in Node; a slice is cut a little past it). */
export const HTML_SLICE_CHARS = 64 * 1024;

export interface Converted {
  text: string;
  /** False when converting stopped early: the page's text goes on past `text`. */
  complete: boolean;
  /** Characters of the HTML converted (all of it when complete). */
  convertedChars: number;
}

export interface ConvertOptions {
  /** Converting stops once the text is longer than this. */
  maxChars: number;
  signal?: AbortSignal;
  sliceChars?: number;
  /** Between slices; default a macrotask. */
  pause?: () => Promise<void>;
}

let loading: Promise<Translate> | undefined;

function load(): Promise<Translate> {
  loading ??= import('node-html-markdown')
    .then(({ NodeHtmlMarkdown }) => {
      const converter = new NodeHtmlMarkdown({ ignore: ['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'canvas', 'form', 'button'] });
      return (html: string) => converter.translate(html);
    })
    .catch((thrown: unknown) => {
      loading = undefined;
      throw thrown;
    });
  return loading;
}

const BLOCK_END = /<\/(?:p|div|li|ul|ol|dl|dd|dt|section|article|aside|table|tbody|thead|tfoot|tr|h[1-6]|pre|blockquote|main|header|footer|nav|figure|details|body)\s*>/gi;
/** What opens text no cut may fall in: a comment, a script or a style (not `<script-x>`, a custom element). */
const RAW_OPEN = /<!--|<(\/?)(script|style)(?=[\s/>])/gi;

/** Where the comment, script or style open at `end` closes (the page's end if it never does), or -1 when none is open there. */
function rawElementEnd(html: string, from: number, end: number): number {
  let at = from;
  while (at < end) {
    RAW_OPEN.lastIndex = at;
    const match = RAW_OPEN.exec(html);
    if (match === null || match.index >= end) return -1;
    const after = match.index + match[0].length;
    let close: number;
    if (match[0] === '<!--') {
      const found = html.indexOf('-->', after);
      close = found === -1 ? html.length : found + 3;
    } else if (match[1] === '/') {
      at = after; // an end tag with nothing open: nothing to skip
      continue;
    } else {
      const closing = new RegExp(`</${(match[2] ?? '').toLowerCase()}\\s*>`, 'gi');
      closing.lastIndex = after;
      const found = closing.exec(html);
      close = found === null ? html.length : found.index + found[0].length;
    }
    if (close > end) return close;
    at = close;
  }
  return -1;
}

/** The end of the slice that starts at `from`: after the first block end past `size`, else before a tag, and never inside a comment, a script or a style. */
export function sliceEnd(html: string, from: number, size: number): number {
  const target = from + size;
  if (target >= html.length) return html.length;
  // Looked for within a window past the size, so a slice stays bounded on a page without tags.
  const window = html.slice(target, target + Math.max(size, 1024));
  BLOCK_END.lastIndex = 0;
  const block = BLOCK_END.exec(window);
  let end: number;
  if (block) end = target + block.index + block[0].length;
  else {
    const tag = window.indexOf('<');
    const space = window.search(/\s/);
    end = target + (tag !== -1 ? tag : space !== -1 ? space : window.length);
  }
  const raw = rawElementEnd(html, from, end);
  return raw === -1 ? end : raw;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Converts `html` slice by slice with `translate` until it is done or the text is longer than `maxChars`. */
export async function convertInSlices(html: string, translate: Translate, options: ConvertOptions): Promise<Converted> {
  const size = options.sliceChars ?? HTML_SLICE_CHARS;
  const pause = options.pause ?? nextTask;
  const parts: string[] = [];
  let length = 0;
  let from = 0;
  while (from < html.length) {
    if (from > 0) {
      await pause();
      options.signal?.throwIfAborted();
    }
    const end = sliceEnd(html, from, size);
    const text = translate(html.slice(from, end)).trim();
    from = end;
    if (text !== '') {
      length += (parts.length > 0 ? 2 : 0) + text.length;
      parts.push(text);
    }
    if (length > options.maxChars) break;
  }
  return { text: parts.join('\n\n'), complete: from >= html.length, convertedChars: from };
}

export async function htmlToMarkdown(html: string, options: ConvertOptions): Promise<Converted> {
  return convertInSlices(html, await load(), options);
}
