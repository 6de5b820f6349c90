import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stableJson, toolCallKey } from './stable-key';

describe('stableJson', () => {
  it('sorts object keys recursively and keeps array order', () => {
    expect(stableJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
    expect(stableJson([{ y: 1, x: 2 }, 'z'])).toBe('[{"x":2,"y":1},"z"]');
  });

  it('treats key order as irrelevant but array order as relevant', () => {
    expect(stableJson({ file_path: 'a', limit: 1 })).toBe(stableJson({ limit: 1, file_path: 'a' }));
    expect(stableJson({ list: [1, 2] })).not.toBe(stableJson({ list: [2, 1] }));
  });

  it('follows JSON.stringify for undefined members and top-level undefined', () => {
    expect(stableJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(stableJson([undefined])).toBe('[null]');
    expect(stableJson(undefined)).toBe('null');
  });

  it('does not throw on cycles', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic['self'] = cyclic;
    expect(stableJson(cyclic)).toBe('{"a":1,"self":"[Circular]"}');
  });

  it('round-trips any JSON value and ignores key insertion order (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = stableJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        const reversed = JSON.parse(JSON.stringify(value), (_key, inner: unknown) =>
          inner && typeof inner === 'object' && !Array.isArray(inner)
            ? Object.fromEntries(Object.entries(inner).reverse())
            : inner,
        ) as unknown;
        expect(stableJson(reversed)).toBe(text);
      }),
    );
  });
});

describe('toolCallKey', () => {
  it('separates names and arguments unambiguously', () => {
    expect(toolCallKey('read_file', { file_path: 'a' })).toBe(toolCallKey('read_file', { file_path: 'a' }));
    expect(toolCallKey('read_file', { file_path: 'a' })).not.toBe(toolCallKey('read_files', { file_path: 'a' }));
    expect(toolCallKey('a:b', {})).not.toBe(toolCallKey('a', 'b:{}'));
  });
});

describe('stableJson with a "__proto__" key', () => {
  it('keeps the key as data, so different arguments never share a key', () => {
    // Found by the round-trip property: the key was assigned as the prototype and dropped.
    const withKey = JSON.parse('{"__proto__": {"a": 1}, "b": 2}') as unknown;
    expect(stableJson(withKey)).toBe('{"__proto__":{"a":1},"b":2}');
    expect(stableJson(withKey)).not.toBe(stableJson({ b: 2 }));
  });
});
