/**
 * How a tool the provider ran itself (shared/content.ts `ServerToolCall`) is told to the person:
 * one line of plain text, the same live (agent event) and after a reload (stored history).
 */
import type { Part, ServerToolCall } from './content';

const MAX_URLS_SHOWN = 5;

/** The http(s) addresses among the call's arguments, at any depth, each once, in order. */
export function urlsOf(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^https?:\/\/\S+$/i.test(value.trim()) && !found.includes(value.trim())) found.push(value.trim());
  } else if (Array.isArray(value)) {
    for (const item of value) urlsOf(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) urlsOf(item, found);
  }
  return found;
}

export function describeServerToolCall(call: ServerToolCall): string {
  const urls = urlsOf(call.args ?? {});
  const shown = urls.slice(0, MAX_URLS_SHOWN).join(', ');
  const more = urls.length > MAX_URLS_SHOWN ? ` and ${urls.length - MAX_URLS_SHOWN} more` : '';
  if (call.toolType === 'URL_CONTEXT') {
    return urls.length > 0 ? `Gemini read ${shown}${more} on its own servers (URL context).` : 'Gemini read a web page on its own servers (URL context).';
  }
  const name = call.toolType.toLowerCase().replace(/_/g, ' ');
  return urls.length > 0 ? `Gemini used its ${name} tool on its own servers: ${shown}${more}.` : `Gemini used its ${name} tool on its own servers.`;
}

/**
 * For a request that cannot carry them (the tool not offered, another provider): what the
 * provider's own tools did in a turn, as one bracketed line of text; null when it did nothing.
 */
export function serverToolsSummary(parts: readonly Part[]): string | null {
  const calls = parts.flatMap((part) => (part.toolCall ? [part.toolCall] : []));
  if (calls.length === 0) return parts.some((part) => part.toolResponse) ? '[Gemini used a built-in tool here.]' : null;
  return `[${calls.map(describeServerToolCall).join(' ')}]`;
}
