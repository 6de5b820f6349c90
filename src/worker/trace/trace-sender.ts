/**
 * Settings → Send traces to: when a run ends, the interactions it made model requests in are
 * posted to the OTLP/HTTP JSON endpoint (one POST per run, each interaction its own trace; ids
 * are stable, so an interaction continued later is the same trace again). A failure is said once
 * as a notice (and again only after a success), naming the likely cause: a page's fetch that
 * fails outright is, for a reachable server, its CORS answer.
 */
import { messageOf } from '../../shared/errors';
import { plainHttpProblem, requestAddress } from '../../shared/plain-http';
import { parseTraceHeaders } from '../../shared/traces';
import type { LoopscopeDb } from '../../store/db';
import { getSession } from '../../store/sessions';
import type { WorkerEvent, WorkerSettings } from '../protocol';
import { NOTHING_TO_TRACE, sessionTrace } from './trace-export';

export interface TraceSenderOptions {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  settings(): WorkerSettings;
  /** The page's origin, for the CORS message. */
  origin: string;
}

export interface TraceSender {
  /** A run of this session that started at `startedAt` (epoch ms) ended; resolves once its traces are sent or refused. */
  runEnded(sessionId: string, startedAt: number): Promise<void>;
}

export function createTraceSender(options: TraceSenderOptions): TraceSender {
  let failing = false;
  const warn = (message: string) => {
    if (failing) return;
    failing = true;
    options.post({ type: 'notice', level: 'warning', message });
  };

  return {
    async runEnded(sessionId, startedAt) {
      const settings = options.settings();
      const endpoint = settings.traceEndpoint?.trim();
      if (!endpoint) return;
      // Plain http only to this computer (shared/plain-http.ts): trace headers may hold a key.
      const refused = plainHttpProblem(endpoint);
      if (refused) return warn(`Traces were not sent to ${endpoint}: ${refused}`);
      const parsed = parseTraceHeaders(settings.traceHeaders ?? '');
      if ('error' in parsed) return warn(`Traces were not sent: Trace headers: ${parsed.error}`);
      const session = await getSession(options.db, sessionId);
      if (!session.ok || !session.value) return;
      const trace = await sessionTrace(options.db, session.value, { includeMessages: settings.traceMessages === true, since: startedAt });
      // A run that made no model request (stopped at once) has nothing to send.
      if (!trace.ok) return trace.error.kind === NOTHING_TO_TRACE.kind ? undefined : warn(`Traces were not sent: ${trace.error.message}`);
      let response: Response;
      try {
        response = await fetch(requestAddress(endpoint), { method: 'POST', headers: { ...parsed.headers, 'Content-Type': 'application/json' }, body: trace.value.text });
      } catch (thrown) {
        return warn(
          `Traces could not be sent to ${endpoint}: ${messageOf(thrown)}. The server is down, or it refuses this page's origin (CORS): it must answer OPTIONS and POST with Access-Control-Allow-Origin: ${options.origin} and allow the Content-Type header${Object.keys(parsed.headers).length ? ` and ${Object.keys(parsed.headers).join(', ')}` : ''}.`,
        );
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 200);
        return warn(`The trace endpoint ${endpoint} refused the traces: ${response.status} ${response.statusText}${detail ? ` (${detail})` : ''}.${response.status === 401 || response.status === 403 ? ' Check Trace headers in Settings.' : ''}`);
      }
      failing = false;
    },
  };
}
