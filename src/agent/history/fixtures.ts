/**
 * Terse builders for history fixtures in tests: `user('q')`, `model(call('read_file', 'c1'))`,
 * `user(reply('read_file', 'c1'))`. Plain data, no test framework.
 */
import type { Content, Part } from '../../shared/content';

type PartLike = Part | string;

function toPart(part: PartLike): Part {
  return typeof part === 'string' ? { text: part } : part;
}

export function user(...parts: PartLike[]): Content {
  return { role: 'user', parts: parts.map(toPart) };
}

export function model(...parts: PartLike[]): Content {
  return { role: 'model', parts: parts.map(toPart) };
}

/** A functionCall part; `id` omitted means a call the provider sent without one. */
export function call(name: string, id?: string, args: Record<string, unknown> = {}): Part {
  return { functionCall: id === undefined ? { name, args } : { id, name, args } };
}

/** A successful functionResponse part. */
export function reply(name: string, id: string, output = 'ok'): Part {
  return { functionResponse: { id, name, response: { output } } };
}

/** Freezes a value and everything inside it, so a test fails if a pure function mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
