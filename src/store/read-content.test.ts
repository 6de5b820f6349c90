/** The open file's content is that file's: never the one a live query gave for the file left (read.ts contentOf). */
import { describe, expect, it } from 'vitest';
import { contentOf } from './read';

describe("the editor's file content", () => {
  it("is the content read for this session and path, and undefined (loading) while the last read is another file's", () => {
    const read = { sessionId: 's1', path: 'c.txt', content: 'text of c.txt' };
    expect(contentOf(read, 's1', 'c.txt')).toBe('text of c.txt');
    // Switched to a.txt: the live query still holds c.txt's result until a.txt's arrives.
    expect(contentOf(read, 's1', 'a.txt')).toBeUndefined();
    expect(contentOf(read, 's2', 'c.txt')).toBeUndefined();
    expect(contentOf(undefined, 's1', 'c.txt')).toBeUndefined();
    // A file that no longer exists is said so, for its own path.
    expect(contentOf({ sessionId: 's1', path: 'gone.txt', content: null }, 's1', 'gone.txt')).toBeNull();
  });
});
