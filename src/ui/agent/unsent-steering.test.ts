import { describe, expect, it } from 'vitest';
import { keepUnsentSteering, readUnsentSteering } from './unsent-steering';
import { memoryStorage } from './testing/storage-slots';


describe('steering messages waiting when the page closes', () => {
  it('are kept in order while they wait, read without being taken, and forgotten once none waits', () => {
    const storage = memoryStorage();
    expect(readUnsentSteering(storage)).toEqual([]);
    keepUnsentSteering(['first', 'second'], storage);
    expect(readUnsentSteering(storage)).toEqual(['first', 'second']);
    expect(readUnsentSteering(storage)).toEqual(['first', 'second']);
    keepUnsentSteering(['second'], storage);
    expect(readUnsentSteering(storage)).toEqual(['second']);
    keepUnsentSteering([], storage);
    expect(readUnsentSteering(storage)).toEqual([]);
  });

  it('a storage that refuses or holds something else gives nothing back', () => {
    const refusing = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); }, removeItem: () => undefined };
    keepUnsentSteering(['lost'], refusing);
    expect(readUnsentSteering(refusing)).toEqual([]);
    const odd = memoryStorage();
    odd.setItem('loopscope.unsent-steering', '{"not":"a list"}');
    expect(readUnsentSteering(odd)).toEqual([]);
  });
});
