import { describe, expect, it } from 'vitest';
import { levenshtein, notRegisteredMessage } from './suggest';

const BASE = 'Tool "reed_file" not found in registry. Tools must use the exact names that are registered.';

describe('C4 suggestions for an unknown tool name', () => {
  it('names the three nearest registered tools, nearest first', () => {
    expect(notRegisteredMessage('reed_file', ['write_file', 'list_directory', 'read_file', 'edit', 'glob'])).toBe(
      `${BASE} Did you mean one of: "read_file", "write_file", "edit"?`,
    );
  });

  it('uses the single-name form when only one tool could be suggested', () => {
    expect(notRegisteredMessage('reed_file', ['read_file'])).toBe(`${BASE} Did you mean "read_file"?`);
  });

  it('says only that the tool is unknown when nothing is registered', () => {
    expect(notRegisteredMessage('reed_file', [])).toBe(BASE);
  });

  it('breaks distance ties alphabetically, so the message is stable', () => {
    expect(notRegisteredMessage('ab', ['ac', 'aa'])).toBe(
      'Tool "ab" not found in registry. Tools must use the exact names that are registered. Did you mean one of: "aa", "ac"?',
    );
  });

  it('measures edit distance', () => {
    expect([levenshtein('', 'abc'), levenshtein('kitten', 'sitting'), levenshtein('same', 'same')]).toEqual([3, 3, 0]);
  });
});
