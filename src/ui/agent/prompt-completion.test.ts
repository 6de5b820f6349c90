import { describe, expect, it } from 'vitest';
import { completionAt, filterCommands, filterPaths, insertMention } from './prompt-completion';

describe('the word at the caret', () => {
  it('is a command while the caret is in a / word at the start of the message', () => {
    expect(completionAt('/', 1)).toEqual({ kind: 'command', query: '', start: 0, end: 1 });
    expect(completionAt('/com', 4)).toEqual({ kind: 'command', query: 'com', start: 0, end: 4 });
    expect(completionAt('/compress now', 13)).toBeNull();
    expect(completionAt('say /help', 9)).toBeNull();
  });

  it('is a mention after @ at the start or after whitespace', () => {
    expect(completionAt('@', 1)).toEqual({ kind: 'mention', query: '', start: 0, end: 1 });
    expect(completionAt('look at @src/ma please', 15)).toEqual({ kind: 'mention', query: 'src/ma', start: 8, end: 15 });
    // The caret inside the word: the query is what is before it, picking replaces the whole word.
    expect(completionAt('look at @src/main.ts', 12)).toEqual({ kind: 'mention', query: 'src', start: 8, end: 20 });
    expect(completionAt('mail me@example.com', 19)).toBeNull();
    expect(completionAt('@a.txt done', 11)).toBeNull();
    expect(completionAt('/help @no', 9)).toEqual({ kind: 'mention', query: 'no', start: 6, end: 9 });
  });

  it('reads an escaped space as part of the path', () => {
    expect(completionAt('@my\\ no', 7)).toEqual({ kind: 'mention', query: 'my no', start: 0, end: 7 });
  });
});

describe('filtering', () => {
  const commands = [{ name: '/help' }, { name: '/clear' }, { name: '/compress' }, { name: '/restore' }, { name: '/model' }];

  it('offers the commands that start with the query, then those that contain it', () => {
    expect(filterCommands(commands, '').map((command) => command.name)).toEqual(['/help', '/clear', '/compress', '/restore', '/model']);
    expect(filterCommands(commands, 'c').map((command) => command.name)).toEqual(['/clear', '/compress']);
    expect(filterCommands(commands, 'RE').map((command) => command.name)).toEqual(['/restore', '/compress']);
    expect(filterCommands(commands, 'zzz')).toEqual([]);
  });

  it('offers paths by file name first, then by path, then by letters in order', () => {
    const paths = ['README.md', 'src/app.ts', 'src/main.ts', 'src/ui/main-view.tsx', 'docs/maintenance.md', 'lib/amazing.ts'];
    // File names starting with it (shorter first), then letters in order (amazing).
    expect(filterPaths(paths, 'main')).toEqual(['src/main.ts', 'docs/maintenance.md', 'src/ui/main-view.tsx', 'lib/amazing.ts']);
    expect(filterPaths(paths, 'ui/')).toEqual(['src/ui/main-view.tsx']);
    expect(filterPaths(paths, 'src/')).toEqual(['src/app.ts', 'src/main.ts', 'src/ui/main-view.tsx']);
    expect(filterPaths(paths, 'smts')).toEqual(['src/main.ts', 'src/ui/main-view.tsx']);
    expect(filterPaths(paths, '')).toHaveLength(6);
    expect(filterPaths(paths, '', 2)).toEqual(['README.md', 'src/app.ts']);
  });
});

describe('picking a path', () => {
  it('replaces the word with the mention and a space, and puts the caret after them', () => {
    expect(insertMention('explain @ma', { kind: 'mention', query: 'ma', start: 8, end: 11 }, 'src/main.ts')).toEqual({ text: 'explain @src/main.ts ', caret: 21 });
    expect(insertMention('@a and more', { kind: 'mention', query: 'a', start: 0, end: 2 }, 'a b.txt')).toEqual({ text: '@a\\ b.txt and more', caret: 10 });
  });
});
