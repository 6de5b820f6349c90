/**
 * web_fetch {url}: an http(s) page, fetched by the browser, as readable text for the model
 * (HTML as Markdown), with the final URL and content type, capped with a note. The network is
 * injected (WebAccess, web/web-access.ts): this file never fetches. Kind `fetch`: it asks for
 * approval showing the host, and "Allow for this session" remembers the host (policy.ts).
 */
import { z } from 'zod';
import { WEB_FETCH_MAX_CHARS } from '../shared/limits';
import type { WebAccess, WebPage } from '../shared/web-page';
import { formatBytes } from '../shared/format-bytes';
import { defineTool } from './define-tool';
import { errorResult } from './tool-result';
import type { ToolResult } from './types';
import type { WorkspaceTool } from './workspace-tool';

/** A type alias (not an interface) so it is assignable to the registry's `WorkspaceTool`. */
export type WebFetchArgs = {
  url: string;
};

export interface WebFetchToolOptions {
  web: WebAccess;
  /** Most characters of a page given to the model (default WEB_FETCH_MAX_CHARS). */
  maxChars?: number;
}

const schema = z.object({
  url: z.string().min(1).describe('The full http:// or https:// address of the page.'),
});

export function summarize(args: WebFetchArgs): string {
  return args.url;
}

/** The host as the approval card and "Allow for this session" name it, or null for an address that does not parse. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url.trim()).host || null;
  } catch {
    return null;
  }
}

/** What the model reads: where the text came from, then the text, cut with a note when long. */
export function formatPage(page: WebPage, maxChars: number): string {
  const head = [`URL: ${page.finalUrl}`];
  if (page.finalUrl !== page.url) head.push(`Requested: ${page.url}`);
  head.push(`Content-Type: ${page.contentType || '(none sent)'}`);
  if (page.format === 'binary') {
    head.push('', `The body is binary (${formatBytes(page.bytes)}), so it is not shown. web_fetch gives the text of pages and text files.`);
    return head.join('\n');
  }
  const notes: string[] = [];
  let text = page.text;
  const count = (value: number) => value.toLocaleString('en-US');
  if (page.partial) {
    const share = Math.max(1, Math.floor((page.partial.convertedChars / page.partial.htmlChars) * 100));
    text = text.slice(0, maxChars);
    notes.push(`[Cut: the first ${count(text.length)} characters are shown. The page's text goes on: only the first ${share}% of its HTML was turned into text.]`);
  } else if (text.length > maxChars) {
    notes.push(`[Cut: the first ${count(maxChars)} of ${count(text.length)} characters are shown.]`);
    text = text.slice(0, maxChars);
  }
  if (page.cut) notes.push(`[Cut: only the first ${formatBytes(page.bytes)} of the body were read.]`);
  if (!text.trim()) notes.push('[The page has no readable text.]');
  return [...head, '', text, ...(notes.length ? ['', ...notes] : [])].join('\n');
}

/** The ToolError type of a web fetch failure: WEB_FETCH_LOCAL_ADDRESS for `local-address`. */
const errorTypeOf = (kind: string) => `WEB_FETCH_${kind.toUpperCase().replace(/-/g, '_')}`;

async function run(args: WebFetchArgs, signal: AbortSignal, options: WebFetchToolOptions): Promise<ToolResult> {
  const fetched = await options.web.fetchPage(args.url, signal);
  if (!fetched.ok) return errorResult(errorTypeOf(fetched.error.kind), fetched.error.message);
  const text = formatPage(fetched.value, options.maxChars ?? WEB_FETCH_MAX_CHARS);
  return { llmContent: text, display: { type: 'text', text } };
}

export function createWebFetchTool(options: WebFetchToolOptions): WorkspaceTool<WebFetchArgs> {
  return defineTool<WebFetchArgs>({
    name: 'web_fetch',
    kind: 'fetch',
    description:
      'Fetches a web page (http or https) from the user\'s browser and returns its readable text (HTML as Markdown), ' +
      'its final URL and content type. For documentation and references; the page\'s server must allow browser reads (CORS).',
    schema,
    checks: [
      (args) => {
        const refusal = options.web.refusal(args.url);
        return refusal ? { message: refusal.message, errorType: errorTypeOf(refusal.kind) } : null;
      },
    ],
    failureType: 'WEB_FETCH_FAILED',
    summarize,
    preview: async (args) => ({ type: 'text', text: `Fetch a page from ${hostOf(args.url) ?? args.url}:\n${args.url}` }),
    affectedPaths: () => [],
    run: (args, context) => run(args, context.signal, options),
  });
}
