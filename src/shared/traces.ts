/**
 * OpenTelemetry traces of a session, as the page and the worker both see them: what Export →
 * OpenTelemetry trace… answers, and Settings → Send traces to (an OTLP/HTTP JSON endpoint and
 * the headers it wants, e.g. a Langfuse project's `Authorization: Basic …`).
 */

import { plainHttpRefusal } from './plain-http';

export interface ExportedTrace {
  /** `<title>.otlp.json`. */
  fileName: string;
  /** OTLP/JSON: an ExportTraceServiceRequest. */
  text: string;
  interactions: number;
  spans: number;
}

/**
 * Headers as OTEL_EXPORTER_OTLP_HEADERS writes them: `name=value` pairs separated by commas
 * (or new lines), values percent-encoded where they hold a comma. Empty text: no headers.
 */
export function parseTraceHeaders(text: string): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  for (const entry of text.split(/[,\n]/)) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    const name = at < 0 ? '' : entry.slice(0, at).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return { error: `"${entry.trim().slice(0, 40)}" is not a header: write name=value, e.g. Authorization=Basic cGs6c2s=` };
    let value: string;
    try {
      value = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      return { error: `The value of ${name} is not valid percent-encoding.` };
    }
    if (/[\r\n\0]/.test(value)) return { error: `The value of ${name} holds a line break.` };
    headers[name] = value;
  }
  return { headers };
}

/** Empty (traces are not sent) or an http(s) URL, plain http only to this computer; why not, otherwise. */
export function traceEndpointProblem(value: string): string | null {
  if (value.trim() === '') return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') {
      const refused = plainHttpRefusal(url);
      return refused ? `Send traces to: ${refused}` : null;
    }
  } catch {
    // Said below.
  }
  return 'Send traces to must be an http(s) URL of an OTLP/HTTP traces endpoint, e.g. http://localhost:4318/v1/traces';
}

/** A download name from a session title, keeping letters of any script: "Fix the parser!" → "Fix-the-parser". */
export function fileStemOf(title: string, fallback: string): string {
  return title.replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 60) || fallback;
}
