import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPEAT_MIN_CHARS, packRepeats, unpackRepeats } from './repeats';

const long = (seed: string) => seed.repeat(Math.ceil(REPEAT_MIN_CHARS / seed.length) + 1);
/** JSON values as JSON.parse gives them (no -0, no undefined), with long repeats and strings that start with NUL. */
const value = fc.letrec((tie) => ({
  item: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(long('file text '), long('\u0000look-alike '), '\u00003', '\u0000', long('args ')),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('item'), { maxLength: 5 }),
    fc.dictionary(fc.constantFrom('a', 'content', 'parts', '\u0000k'), tie('item'), { maxKeys: 4 }),
  ),
})).item;

describe('repeated values written once', () => {
  it('gives back every value exactly', () => {
    fc.assert(
      fc.property(value, (original) => {
        const plain = JSON.parse(JSON.stringify(original)) as unknown;
        const sent = JSON.parse(JSON.stringify(packRepeats(plain))) as unknown;
        expect(unpackRepeats(sent, 1e9)).toEqual({ ok: true, value: plain });
      }),
      { numRuns: 500 },
    );
  });

  it('writes a long string, object or array that repeats only once', () => {
    const text = Array.from({ length: 12 }, (_, index) => `export function step${index}() {}`).join('\n');
    const call = { name: 'write_file', args: { file_path: 'a.js', content: text } };
    const packed = JSON.stringify(packRepeats({ history: [call], response: [{ functionCall: call }], files: [{ path: 'a.js', text }] }));
    expect(packed.split(JSON.stringify(text).slice(1, 40)).length - 1).toBe(1);
    expect(packed.length).toBeLessThan(text.length + 200);
  });

  it('gives each reference a copy of its own', () => {
    const shared = { note: long('x') };
    const back = unpackRepeats(packRepeats([shared, shared]), 1e9);
    expect(back.ok && Array.isArray(back.value) && back.value[0] !== back.value[1]).toBe(true);
  });

  it('refuses a reference to nothing, and stops a value referenced past the limit', () => {
    expect(unpackRepeats(['\u00007'], 1e9)).toMatchObject({ ok: false, error: { kind: 'share-corrupt' } });
    expect(unpackRepeats(['\u0000x'], 1e9)).toMatchObject({ ok: false, error: { kind: 'share-corrupt' } });
    const bomb = [long('b'), ...Array.from({ length: 10_000 }, () => '\u00000')];
    expect(unpackRepeats(bomb, 100_000)).toMatchObject({ ok: false, error: { kind: 'share-too-large' } });
  });
});
