import { describe, expect, it } from 'vitest';
import { forgetUnsent, keepUnsent, readUnsent } from './unsent-message';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('a message sent but not yet stored', () => {
  it('is kept until it is forgotten, and read without being taken', () => {
    const storage = memoryStorage();
    expect(readUnsent(storage)).toBeNull();
    keepUnsent('fix the build', storage);
    expect(readUnsent(storage)).toBe('fix the build');
    expect(readUnsent(storage)).toBe('fix the build');
    forgetUnsent(storage);
    expect(readUnsent(storage)).toBeNull();
  });

  it('a later message replaces an earlier one', () => {
    const storage = memoryStorage();
    keepUnsent('first', storage);
    keepUnsent('second', storage);
    expect(readUnsent(storage)).toBe('second');
  });

  it('blank text is not given back', () => {
    const storage = memoryStorage();
    keepUnsent('  \n', storage);
    expect(readUnsent(storage)).toBeNull();
  });

  it('a storage that refuses (full, disabled, missing) keeps nothing and throws nothing', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(() => keepUnsent('text', refusing)).not.toThrow();
    expect(() => forgetUnsent(refusing)).not.toThrow();
    expect(readUnsent(refusing)).toBeNull();
    expect(() => keepUnsent('text', null)).not.toThrow();
    expect(readUnsent(null)).toBeNull();
  });

  it('in a page without sessionStorage (this test runs in Node), nothing is kept', () => {
    keepUnsent('text');
    expect(readUnsent()).toBeNull();
  });
});
