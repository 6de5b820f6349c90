/**
 * The Loop inspector's costs: each round-trip's, from the tokens its response reported at its
 * model's price, with the share of its request that is the fixed prefix (system instruction and
 * tool declarations, estimated); and the totals of an interaction and of the session. A session
 * opened from a link or a file is counted at the prices it came with, else at the person's
 * (Settings → Model), else at Loopscope's defaults (shared/model-prices.ts).
 */
import { createContext } from 'react';
import type { PriceTables } from '../../shared/model-prices';
import { priceFor } from '../../shared/model-prices';
import { tokensOf } from '../../shared/response-usage';
import { costOf, fixedPrefixTokens, formatUsd, sumCosts } from '../../shared/round-trip-cost';
import type { Cost } from '../../shared/round-trip-cost';
import type { RoundTripRecord } from '../../store/types';
import type { InspectorInteraction, InspectorTurn } from './inspector-model';

/** What the round-trips under the inspector are counted at; provided by the Loop inspector. */
export const PricesContext = createContext<PriceTables>({});

/**
 * Why a round-trip cost nothing, or null: the scripted demo and a replay's recorded responses
 * call no model (their chunks say who answered, as model/scripted/ marks them), and their tokens are estimates.
 */
function calledNoModel(roundTrip: RoundTripRecord): string | null {
  const first = roundTrip.response[0] as { modelVersion?: unknown } | null | undefined;
  const version = first && typeof first === 'object' ? first.modelVersion : undefined;
  if (version === 'scripted-demo') return 'Cost $0: the scripted demo calls no model (its tokens are estimates)';
  if (version === 'recorded-session') return 'Cost $0: a replay plays recorded responses (its tokens are estimates)';
  return null;
}

export function roundTripCost(roundTrip: RoundTripRecord, tables: PriceTables): Cost | null {
  if (calledNoModel(roundTrip)) return null;
  const price = priceFor(roundTrip.request.model, tables.recorded, tables.own);
  return price ? costOf(tokensOf(roundTrip.response), price) : null;
}

/** `Cost $0.0016 (input $0.0006, output $0.001)`, or why there is none. */
export function costLine(roundTrip: RoundTripRecord, tables: PriceTables): string {
  const free = calledNoModel(roundTrip);
  if (free) return free;
  const price = priceFor(roundTrip.request.model, tables.recorded, tables.own);
  if (!price) return `Cost unknown: no price for ${roundTrip.request.model} (Settings → Model)`;
  const cost = costOf(tokensOf(roundTrip.response), price);
  if (!cost) return roundTrip.error ? 'Cost: none reported (the call failed)' : 'Cost unknown: tokens not reported';
  return `Cost ${formatUsd(cost.total)} (input ${formatUsd(cost.input)}, output ${formatUsd(cost.output)})`;
}

/** How much of the request is the fixed prefix every request repeats, in (estimated) tokens and dollars. */
export function prefixLine(roundTrip: RoundTripRecord, tables: PriceTables): string | null {
  const prefix = fixedPrefixTokens(roundTrip.request);
  if (prefix === 0) return null;
  const prompt = tokensOf(roundTrip.response)?.prompt;
  const what = 'system instruction and tool declarations';
  if (prompt === undefined || prompt === 0) return `Fixed prefix ≈ ${prefix.toLocaleString('en')} tokens (${what})`;
  const tokens = Math.min(prefix, prompt);
  const price = priceFor(roundTrip.request.model, tables.recorded, tables.own);
  const dollars = price ? `, ≈ ${formatUsd((tokens * price.input) / 1_000_000)}` : '';
  return `Fixed prefix ≈ ${tokens.toLocaleString('en')} of ${prompt.toLocaleString('en')} prompt tokens (${Math.round((tokens / prompt) * 100)}%${dollars}): ${what}`;
}

export interface CostTotal {
  cost: Cost;
  /** Round-trips counted, and those left out (no price, or no tokens reported). */
  priced: number;
  unpriced: number;
}

export function totalOf(roundTrips: readonly RoundTripRecord[], tables: PriceTables): CostTotal {
  const costs: Cost[] = [];
  let unpriced = 0;
  for (const roundTrip of roundTrips) {
    const cost = roundTripCost(roundTrip, tables);
    if (cost) costs.push(cost);
    // A failed call that reported nothing, the scripted demo and a replay cost nothing: they are not "left out".
    else if (!roundTrip.error && !calledNoModel(roundTrip)) unpriced++;
  }
  return { cost: sumCosts(costs), priced: costs.length, unpriced };
}

/** `Session cost $0.0123 · 4,000 input tokens (1,000 cached), 400 output`, with what was left out. */
export function totalLine(label: string, total: CostTotal): string {
  const { cost, unpriced } = total;
  const cached = cost.cachedTokens > 0 ? ` (${cost.cachedTokens.toLocaleString('en')} cached)` : '';
  const left = unpriced > 0 ? ` · ${unpriced} round-trip(s) not counted (no price or no tokens reported)` : '';
  return `${label} ${formatUsd(cost.total)} · ${cost.inputTokens.toLocaleString('en')} input tokens${cached}, ${cost.outputTokens.toLocaleString('en')} output${left}`;
}

function turnRoundTrips(turn: InspectorTurn): RoundTripRecord[] {
  return [...turn.attempts, ...(turn.subagents ?? []).flatMap((subagent) => subagent.turns.flatMap(turnRoundTrips))];
}

/** An interaction's round-trips, its subagents' included (they are paid for too). */
export function interactionRoundTrips(interaction: InspectorInteraction): RoundTripRecord[] {
  return interaction.turns.flatMap(turnRoundTrips);
}
