/**
 * A session's loop as OTLP/JSON, from what the store holds: its round-trips (with the Loop
 * inspector's notes: tool call timelines, compression and loop-guard events) and its history.
 * The OpenTelemetry code (trace/) loads on first use, not with the worker. Costs are counted at
 * the session's recorded prices (a shared one's), else the person's (Settings → Model), else the
 * defaults, as the Loop inspector counts them.
 */
import type { AppError, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import { fileStemOf } from '../../shared/traces';
import type { ExportedTrace } from '../../shared/traces';
import type { LoopscopeDb } from '../../store/db';
import { loadHistory } from '../../store/history';
import { listRoundTrips } from '../../store/round-trips';
import { getSettings } from '../../store/settings';
import type { SessionRecord } from '../../store/types';

export interface TraceRequest {
  includeMessages: boolean;
  /** Only the interactions with a model request made at or after this time (epoch ms); absent: every one. */
  since?: number;
}

export const NOTHING_TO_TRACE: AppError = { kind: 'empty', message: 'This session has made no model requests yet, so there is no trace to export.' };

export async function sessionTrace(db: LoopscopeDb, session: Pick<SessionRecord, 'id' | 'title' | 'prices'>, request: TraceRequest): Promise<Result<ExportedTrace, AppError>> {
  const [roundTrips, history, settings] = await Promise.all([listRoundTrips(db, session.id), loadHistory(db, session.id), getSettings(db)]);
  if (!roundTrips.ok) return roundTrips;
  if (!history.ok) return history;
  if (!settings.ok) return settings;
  const [{ traceSpans }, { otlpJson }] = await Promise.all([import('../../trace/trace-spans'), import('../../trace/otlp-json')]);
  const since = request.since;
  const interactions = since === undefined ? undefined : new Set(roundTrips.value.filter((roundTrip) => roundTrip.startedAt >= since).map((roundTrip) => roundTrip.interactionId));
  if (interactions?.size === 0) return err(NOTHING_TO_TRACE);
  const prices = { recorded: session.prices, own: settings.value.modelPrices };
  const spans = traceSpans(
    { session: { id: session.id, title: session.title }, roundTrips: roundTrips.value, history: history.value.history, prices },
    { includeMessages: request.includeMessages, ...(interactions ? { interactions } : {}) },
  );
  if (spans.length === 0) return err(NOTHING_TO_TRACE);
  const traces = new Set(spans.map((span) => span.traceId)).size;
  return ok({ fileName: `${fileStemOf(session.title, 'session')}.otlp.json`, text: otlpJson(spans), interactions: traces, spans: spans.length });
}
