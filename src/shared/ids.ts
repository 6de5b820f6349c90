/** Unique ids for sessions, calls and messages. Uses the platform's crypto where present. */
export function newId(prefix = ''): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '').slice(0, 16)
      : Math.random().toString(16).slice(2, 18).padEnd(16, '0');
  return prefix ? `${prefix}-${random}` : random;
}
