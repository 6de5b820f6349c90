/**
 * Which part of a history changed since the last commit. Pure, no storage.
 *
 * Contract: entries are compared by reference first, then by structure. A committed
 * entry must therefore be treated as immutable: to change it, replace it with a new
 * object (mutating it in place would compare equal to itself and not be saved).
 */
import type { Content } from '../shared/content';

/** Index of the first entry that differs; equals both lengths when nothing changed. */
export function firstDifference(previous: readonly Content[], next: readonly Content[]): number {
  const shared = Math.min(previous.length, next.length);
  for (let index = 0; index < shared; index++) {
    const before = previous[index];
    const after = next[index];
    if (before !== after && !plainEqual(before, after)) return index;
  }
  return shared;
}

/**
 * Structural equality over structured-clone data: primitives (Object.is), arrays, byte
 * arrays and plain objects. A key whose value is undefined equals a missing key. Any other
 * object kind compares by reference, which at worst rewrites an entry that did not change.
 */
export function plainEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => plainEqual(item, b[index]));
  }
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) return bytesEqual(a, b);
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keysA = definedKeys(a);
  const keysB = definedKeys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && plainEqual(a[key], b[key]));
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

function bytesEqual(a: object, b: object): boolean {
  if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b)) return false;
  if (a.constructor !== b.constructor || a.byteLength !== b.byteLength) return false;
  const left = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  const right = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
  return left.every((byte, index) => byte === right[index]);
}
