import { describe, expect, it } from 'vitest';
import { keepDraft, readDraft, restoredPrompt } from './prompt-draft';
import { memoryStorage, refusingStorage } from './testing/storage-slots';


describe('the prompt draft', () => {
  it('is kept as typed and read without being taken; blank text forgets it', () => {
    const storage = memoryStorage();
    expect(readDraft(storage)).toBeNull();
    keepDraft('half a thought', storage);
    expect(readDraft(storage)).toBe('half a thought');
    expect(readDraft(storage)).toBe('half a thought');
    keepDraft('  ', storage);
    expect(readDraft(storage)).toBeNull();
  });

  it('a storage that refuses keeps nothing and throws nothing', () => {
    const refusing = refusingStorage();
    expect(() => keepDraft('text', refusing)).not.toThrow();
    expect(readDraft(refusing)).toBeNull();
    expect(() => keepDraft('text', null)).not.toThrow();
  });

  it('comes back after what the last page gave back, and never twice', () => {
    expect(restoredPrompt([], null)).toBe('');
    expect(restoredPrompt([], 'draft')).toBe('draft');
    expect(restoredPrompt(['steer', 'unsent'], null)).toBe('steer\n\nunsent');
    expect(restoredPrompt(['unsent'], 'more')).toBe('unsent\n\nmore');
    // The last page showed the message given back and kept the box as typed: the draft holds it.
    expect(restoredPrompt(['unsent'], 'unsent\n\nmore')).toBe('unsent\n\nmore');
  });
});
