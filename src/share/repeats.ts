/**
 * A link's JSON with each repeated long value written once: a string, object or array whose
 * JSON is at least REPEAT_MIN_CHARS long and equal to one met earlier is replaced by a
 * reference to it. Deflate finds repeats only within 32 KB; a session's document repeats a
 * file's text (in the call that wrote it, in the raw response, in the next request) much
 * further apart than that.
 *
 * Values are numbered in the order they are finished (children before their parent), walking
 * the JSON in its text order; a reference is a string: `\0` and the number. A string of the
 * document that starts with `\0` gets another `\0` in front. Used for links packed with a
 * dictionary (codec.ts); session files stay plain JSON.
 */
import type { Result } from '../shared/errors';
import { err, ok } from '../shared/errors';
import type { ShareError } from './check-document';

export const REPEAT_MIN_CHARS = 64;

const MARK = '\u0000';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` must be plain JSON data (as JSON.parse gives). */
export function packRepeats(value: unknown): unknown {
  const seen = new Map<string, number>();
  // Each value's packed form and its own JSON, built from its children's (one pass, no re-serializing).
  const pack = (item: unknown): { packed: unknown; json: string } => {
    let packed: unknown;
    let json: string;
    if (typeof item === 'string') {
      json = JSON.stringify(item);
      packed = item.startsWith(MARK) ? MARK + item : item;
    } else if (Array.isArray(item)) {
      const children = item.map(pack);
      json = `[${children.map((child) => child.json).join(',')}]`;
      packed = children.map((child) => child.packed);
    } else if (isRecord(item)) {
      const children = Object.entries(item).map(([key, child]) => [key, pack(child)] as const);
      json = `{${children.map(([key, child]) => `${JSON.stringify(key)}:${child.json}`).join(',')}}`;
      packed = Object.fromEntries(children.map(([key, child]) => [key, child.packed]));
    } else {
      return { packed: item, json: JSON.stringify(item) };
    }
    if (json.length < REPEAT_MIN_CHARS) return { packed, json };
    const earlier = seen.get(json);
    if (earlier !== undefined) return { packed: `${MARK}${earlier}`, json };
    seen.set(json, seen.size);
    return { packed, json };
  };
  return pack(value).packed;
}

/** The value packRepeats was given; at most `limit` characters of JSON are brought back by references. */
export function unpackRepeats(value: unknown, limit: number): Result<unknown, ShareError> {
  const table: { value: unknown; json: string }[] = [];
  let expanded = 0;
  const broken: Result<never, ShareError> = err({ kind: 'share-corrupt', message: 'This link was altered: it refers to something it does not hold. Ask for the link again.' });
  const tooLarge: Result<never, ShareError> = err({ kind: 'share-too-large', message: `This session unpacks to more than ${limit / 1024 / 1024} MB, more than Loopscope opens; it was not opened.` });
  const unpack = (item: unknown): Result<{ value: unknown; json: string }, ShareError> => {
    if (typeof item === 'string' && item.startsWith(MARK) && !item.startsWith(MARK, 1)) {
      const digits = item.slice(1);
      const target = /^\d{1,9}$/.test(digits) ? table[Number(digits)] : undefined;
      if (!target) return broken;
      expanded += target.json.length;
      if (expanded > limit) return tooLarge;
      // A copy: nothing that reads the document shares one object between two places.
      return ok({ value: typeof target.value === 'object' ? (JSON.parse(target.json) as unknown) : target.value, json: target.json });
    }
    let result: { value: unknown; json: string };
    if (typeof item === 'string') {
      const text = item.startsWith(MARK) ? item.slice(1) : item;
      result = { value: text, json: JSON.stringify(text) };
    } else if (Array.isArray(item)) {
      const children: { value: unknown; json: string }[] = [];
      for (const child of item) {
        const done = unpack(child);
        if (!done.ok) return done;
        children.push(done.value);
      }
      result = { value: children.map((child) => child.value), json: `[${children.map((child) => child.json).join(',')}]` };
    } else if (isRecord(item)) {
      const children: [string, { value: unknown; json: string }][] = [];
      for (const [key, child] of Object.entries(item)) {
        const done = unpack(child);
        if (!done.ok) return done;
        children.push([key, done.value]);
      }
      result = {
        value: Object.fromEntries(children.map(([key, child]) => [key, child.value])),
        json: `{${children.map(([key, child]) => `${JSON.stringify(key)}:${child.json}`).join(',')}}`,
      };
    } else {
      return ok({ value: item, json: JSON.stringify(item) });
    }
    if (result.json.length >= REPEAT_MIN_CHARS) table.push(result);
    return ok(result);
  };
  const done = unpack(value);
  return done.ok ? ok(done.value.value) : done;
}
