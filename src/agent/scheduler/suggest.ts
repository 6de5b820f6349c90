/** "Did you mean" suggestions (C4) for an unknown tool name, by Levenshtein distance. */

export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Qwen wording: top 3 nearest names; the single-name form is ` Did you mean "a"?`. */
export function notRegisteredMessage(name: string, registered: readonly string[]): string {
  const nearest = [...registered]
    .map((candidate) => ({ candidate, distance: levenshtein(name, candidate) }))
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
    .slice(0, 3)
    .map(({ candidate }) => `"${candidate}"`);
  const base = `Tool "${name}" not found in registry. Tools must use the exact names that are registered.`;
  if (nearest.length === 0) return base;
  if (nearest.length === 1) return `${base} Did you mean ${nearest[0]}?`;
  return `${base} Did you mean one of: ${nearest.join(', ')}?`;
}
