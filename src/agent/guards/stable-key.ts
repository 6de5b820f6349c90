/**
 * Canonical JSON for telling tool calls apart (H1, H8): object keys are sorted recursively and
 * arrays keep their order, so two argument objects that differ only in key order give the
 * same string. The string itself is the key; only equality matters, so no hashing.
 */

/**
 * `JSON.stringify` of `value` with every object's keys sorted. Like `JSON.stringify`,
 * `undefined` object members are dropped and `undefined`, functions and symbols inside
 * arrays become `null`; a top-level `undefined` gives `'null'`. A cyclic reference is
 * written as `"[Circular]"` instead of throwing (tool arguments come from JSON, so this is
 * only a guard).
 */
export function stableJson(value: unknown): string {
  return JSON.stringify(canonicalize(value, new Set())) ?? 'null';
}

/** Identity of one tool call: the name plus its canonical arguments. */
export function toolCallKey(name: string, args: unknown): string {
  return `${JSON.stringify(name)}:${stableJson(args)}`;
}

function canonicalize(value: unknown, ancestors: Set<object>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (ancestors.has(value)) return '[Circular]';
  const withToJson = value as { toJSON?: unknown };
  if (typeof withToJson.toJSON === 'function') {
    return canonicalize((withToJson.toJSON as () => unknown).call(value), ancestors);
  }
  ancestors.add(value);
  try {
    if (Array.isArray(value)) return value.map((item: unknown) => canonicalize(item, ancestors));
    const source = value as Record<string, unknown>;
    // A null-prototype object keeps an own "__proto__" key (JSON.parse makes one) as data.
    const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(source).sort()) {
      sorted[key] = canonicalize(source[key], ancestors);
    }
    return sorted;
  } finally {
    ancestors.delete(value);
  }
}
