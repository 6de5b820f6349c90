import { describe, expect, it } from 'vitest';
import { forgetUnsent, keepUnsent, readUnsent, readUnsentImages, UNSENT_NOTICE, unsentNotice } from './unsent-message';
import { memoryStorage, refusingStorage } from './testing/storage-slots';


describe('a message sent but not yet stored', () => {
  it('is kept until it is forgotten, and read without being taken', () => {
    const storage = memoryStorage();
    expect(readUnsent(storage)).toBeNull();
    keepUnsent('fix the build', [], storage);
    expect(readUnsent(storage)).toBe('fix the build');
    expect(readUnsent(storage)).toBe('fix the build');
    forgetUnsent(storage);
    expect(readUnsent(storage)).toBeNull();
  });

  it('a later message replaces an earlier one', () => {
    const storage = memoryStorage();
    keepUnsent('first', [], storage);
    keepUnsent('second', [], storage);
    expect(readUnsent(storage)).toBe('second');
  });

  it('blank text is not given back', () => {
    const storage = memoryStorage();
    keepUnsent('  \n', [], storage);
    expect(readUnsent(storage)).toBeNull();
  });

  it('a storage that refuses (full, disabled, missing) keeps nothing and throws nothing', () => {
    const refusing = refusingStorage();
    expect(() => keepUnsent('text', [], refusing)).not.toThrow();
    expect(() => forgetUnsent(refusing)).not.toThrow();
    expect(readUnsent(refusing)).toBeNull();
    expect(() => keepUnsent('text', [], null)).not.toThrow();
    expect(readUnsent(null)).toBeNull();
  });

  it('in a page without sessionStorage (this test runs in Node), nothing is kept', () => {
    keepUnsent('text');
    expect(readUnsent()).toBeNull();
  });

  it('keeps its images beside it, and forgets them with it', () => {
    const storage = memoryStorage();
    const dot = { name: 'dot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=' };
    keepUnsent('what is this?', [dot], storage);
    expect(readUnsentImages(storage)).toEqual({ images: [dot], dropped: 0 });
    keepUnsent('no image now', [], storage);
    expect(readUnsentImages(storage)).toEqual({ images: [], dropped: 0 });
    keepUnsent('again', [dot], storage);
    forgetUnsent(storage);
    expect(readUnsentImages(storage)).toEqual({ images: [], dropped: 0 });
  });

  it('images that do not fit are counted, and the text is kept', () => {
    const items = new Map<string, string>();
    const small = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        if (value.length > 200) throw new DOMException('full', 'QuotaExceededError');
        items.set(key, value);
      },
      removeItem: (key: string) => void items.delete(key),
    };
    const big = { name: 'photo.jpg', mimeType: 'image/jpeg', data: 'A'.repeat(400) };
    keepUnsent('look', [big, big], small);
    expect(readUnsent(small)).toBe('look');
    expect(readUnsentImages(small)).toEqual({ images: [], dropped: 2 });
  });

  it('images past what the tab can hold are counted without being written out', () => {
    const storage = memoryStorage();
    const written: number[] = [];
    const watched = { ...storage, setItem: (key: string, value: string) => (written.push(value.length), storage.setItem(key, value)) };
    const photo = { name: 'photo.jpg', mimeType: 'image/jpeg', data: 'A'.repeat(4_100_000) };
    keepUnsent('look', [photo], watched);
    expect(readUnsent(storage)).toBe('look');
    expect(readUnsentImages(storage)).toEqual({ images: [], dropped: 1 });
    expect(Math.max(...written)).toBeLessThan(100);
  });

  it('malformed kept images are left out and counted, never thrown', () => {
    const storage = memoryStorage();
    keepUnsent('text', [], storage);
    storage.setItem('loopscope.unsent-images', JSON.stringify({ images: [{ name: 'x.svg', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' }, { name: 'y.png', mimeType: 'image/png', data: '<b>' }, 7] }));
    expect(readUnsentImages(storage)).toEqual({ images: [], dropped: 3 });
    storage.setItem('loopscope.unsent-images', '{not json');
    expect(readUnsentImages(storage)).toEqual({ images: [], dropped: 0 });
  });

  it('the notice says when images have to be attached again', () => {
    expect(unsentNotice(0)).toBe(UNSENT_NOTICE);
    expect(unsentNotice(1)).toContain("Its image did not fit in this tab's storage: attach it again");
    expect(unsentNotice(3)).toContain('3 of its images did not fit');
  });
});
