/**
 * Trace and span ids made from the session's own ids, so that the same interaction exported
 * twice (a file now, the endpoint after a Continue) has the same ids and a viewer shows it once.
 * Not a secret and not random: a hash of ids that are in the session document anyway.
 */

/** 32 bits of FNV-1a over `text`, seeded so that several seeds give independent words. */
function word(text: string, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final avalanche, so that ids differing in their last character differ everywhere.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return hash >>> 0;
}

function hexOf(text: string, words: number): string {
  let hex = '';
  for (let seed = 0; seed < words; seed++) hex += word(text, seed * 0x9e3779b9).toString(16).padStart(8, '0');
  // All zeros is an invalid id in W3C Trace Context and OTLP.
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

/** 16 bytes as 32 lowercase hex digits. */
export function traceIdOf(key: string): string {
  return hexOf(`trace:${key}`, 4);
}

/** 8 bytes as 16 lowercase hex digits. */
export function spanIdOf(key: string): string {
  return hexOf(`span:${key}`, 2);
}
