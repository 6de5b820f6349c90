/**
 * `Export JSON` in the Loop inspector: everything it shows, as one JSON document —
 * interactions → turns → round-trips (the request as sent, the raw response chunks, times,
 * tokens, cost and the price it was counted at), each turn's tool calls with their status
 * timelines, the compression and loop-guard events, and the session's cost.
 *
 * No key is in it. Requests never carry a key (the adapters put it in a header or the URL,
 * neither of which is recorded) and settings are not read here; as a second line, any
 * property named like a credential is blanked and a `key=` URL parameter in any text is cut.
 */
import type { RoundTripRecord } from '../../store/types';
import { tokensOf } from '../../shared/response-usage';
import { priceFor } from '../../shared/model-prices';
import type { PriceTables } from '../../shared/model-prices';
import { durationMs, groupRoundTrips } from './inspector-model';
import { roundTripCost, totalOf } from './inspector-cost';

export const INSPECTOR_EXPORT_FORMAT = 'loopscope-loop-inspector';
export const INSPECTOR_EXPORT_VERSION = 1;

const CREDENTIAL_NAME = /^(api[-_]?key|x-goog-api-key|authorization|access[-_]?token|secret)$/i;
const KEY_PARAMETER = /([?&](?:key|api_key|apikey)=)[^&\s"']+/gi;
export const REMOVED = '[removed]';

/** A round-trip's cost in US dollars and the price per million tokens it was counted at; nothing when it has none. */
function costOf(roundTrip: RoundTripRecord, tables: PriceTables) {
  const cost = roundTripCost(roundTrip, tables);
  if (!cost) return {};
  return { cost: { input: cost.input, output: cost.output, total: cost.total, currency: 'USD' }, price: priceFor(roundTrip.request.model, tables.recorded, tables.own) };
}

export function inspectorExport(roundTrips: readonly RoundTripRecord[], session: { id: string; title?: string }, exportedAt: number, tables: PriceTables = {}) {
  const total = totalOf(roundTrips, tables);
  return {
    format: INSPECTOR_EXPORT_FORMAT,
    version: INSPECTOR_EXPORT_VERSION,
    session: { id: session.id, ...(session.title === undefined ? {} : { title: session.title }) },
    exportedAt: new Date(exportedAt).toISOString(),
    cost: { total: total.cost.total, currency: 'USD', roundTripsCounted: total.priced, roundTripsNotCounted: total.unpriced },
    interactions: groupRoundTrips(roundTrips).map((interaction) => ({
      id: interaction.id,
      turns: interaction.turns.map((turn) => ({
        id: turn.id,
        purpose: turn.purpose,
        roundTrips: turn.attempts.map((roundTrip, attempt) => ({
          id: roundTrip.id,
          attempt: attempt + 1,
          retry: attempt > 0,
          startedAt: roundTrip.startedAt,
          ...(roundTrip.endedAt === undefined ? {} : { endedAt: roundTrip.endedAt, durationMs: durationMs(roundTrip) }),
          tokens: tokensOf(roundTrip.response),
          ...costOf(roundTrip, tables),
          request: roundTrip.request,
          response: roundTrip.response,
          ...(roundTrip.error ? { error: roundTrip.error } : {}),
        })),
        toolCalls: turn.toolCalls,
        events: turn.events,
      })),
    })),
  };
}

/** The export as text, with credentials blanked (see the file comment). */
export function inspectorExportJson(roundTrips: readonly RoundTripRecord[], session: { id: string; title?: string }, exportedAt: number, tables: PriceTables = {}): string {
  return JSON.stringify(
    inspectorExport(roundTrips, session, exportedAt, tables),
    (name, value: unknown) => {
      if (name && CREDENTIAL_NAME.test(name)) return REMOVED;
      return typeof value === 'string' ? value.replace(KEY_PARAMETER, `$1${REMOVED}`) : value;
    },
    2,
  );
}

/** `loopscope-inspector-my-session.json`. */
export function exportFileName(title: string | undefined): string {
  const slug = (title ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `loopscope-inspector${slug ? `-${slug}` : ''}.json`;
}
