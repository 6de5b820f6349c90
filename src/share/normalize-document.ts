/**
 * A document with its run-specific values replaced by stable ones, so a recorded lesson is the
 * same file every time it is recorded: ids become `id-1`, `id-2`… in order of first appearance,
 * `createdAt` becomes 2026-01-01 and every other time (a difference, see document.ts) 50 ms.
 */
const ID_KEYS = new Set(['id', 'interactionId', 'callId', 'entryId']);
const TIME_KEYS = new Set(['startedAt', 'endedAt', 'at']);
const CLOCK_START = Date.UTC(2026, 0, 1);

function walk(value: unknown, visit: (key: string, value: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => walk(item, visit));
  if (!value || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[key] = visit(key, walk(item, visit));
  return result;
}

export function normalizeDocument<T>(document: T): T {
  const ids = new Map<string, string>();
  // Ids in the order a reader meets them: the history first, then the round-trips.
  return walk(document, (key, value) => {
    if (ID_KEYS.has(key) && typeof value === 'string') {
      if (!ids.has(value)) ids.set(value, `id-${ids.size + 1}`);
      return ids.get(value);
    }
    if (key === 'createdAt' && typeof value === 'number') return CLOCK_START;
    if (TIME_KEYS.has(key) && typeof value === 'number') return 50;
    return value;
  }) as T;
}
