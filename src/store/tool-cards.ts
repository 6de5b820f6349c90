/**
 * Tool cards (ToolCardRecord): how each finished call's card looked, kept as data. The history
 * writer stores a card in the commit that holds its call's result (history.ts), so a stored
 * result always has its card beside it, and a call whose result was never stored (a crash
 * mid-call) has none. Readers ask for the cards of the calls answered in the entries they show.
 */
import type { Content } from '../shared/content';
import type { LoopscopeDb } from './db';
import { sessionRange } from './queries';
import type { ToolCard, ToolCardRecord } from './types';

/** The ids of the calls whose results these entries hold, in order. */
export function answeredCallIds(history: readonly Content[]): string[] {
  const ids: string[] = [];
  for (const content of history) {
    for (const part of content.parts) {
      const id = part.functionResponse?.id;
      if (id) ids.push(id);
    }
  }
  return ids;
}

/** The noted cards of the calls these entries answer, as records to store with them. */
export function cardsAnsweredBy(sessionId: string, entries: readonly Content[], noted: ReadonlyMap<string, ToolCard>): ToolCardRecord[] {
  if (noted.size === 0) return [];
  const records: ToolCardRecord[] = [];
  for (const callId of answeredCallIds(entries)) {
    const card = noted.get(callId);
    if (card) records.push({ sessionId, callId, ...cardOf(card) });
  }
  return records;
}

/** A card's fields, the optional ones only when present. */
function cardOf({ summary, status, subagent, hookRun }: ToolCard): ToolCard {
  return { summary, status, ...(subagent ? { subagent } : {}), ...(hookRun ? { hookRun } : {}) };
}

function byCall(records: readonly (ToolCardRecord | undefined)[]): Record<string, ToolCard> {
  const cards: Record<string, ToolCard> = {};
  for (const record of records) if (record) cards[record.callId] = cardOf(record);
  return cards;
}

/** The stored cards of the calls these entries answer, by call id (none for entries stored before cards). */
export async function queryToolCards(db: LoopscopeDb, sessionId: string, entries: readonly Content[]): Promise<Record<string, ToolCard>> {
  const ids = answeredCallIds(entries);
  if (ids.length === 0) return {};
  // A few keys are read one by one; many, as the session's whole range in one request.
  if (ids.length <= 200) return byCall(await db.toolCards.bulkGet(ids.map((callId): [string, string] => [sessionId, callId])));
  const [lower, upper] = sessionRange(sessionId);
  const wanted = new Set(ids);
  const all = await db.toolCards.where('[sessionId+callId]').between(lower, upper, true, true).toArray();
  return byCall(all.filter((record) => wanted.has(record.callId)));
}
