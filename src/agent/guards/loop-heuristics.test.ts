/** Spec H4: the opt-in heuristics, off by default. */
import { describe, expect, it } from 'vitest';
import { createLoopDetector } from './loop-detector';
import type { LoopDetection, LoopDetector, LoopDetectorCall } from './loop-detector';

const call = (name: string, args: Record<string, unknown> = {}): LoopDetectorCall => ({ name, args });
const read = (file_path: string): LoopDetectorCall => call('read_file', { file_path });
const write = (file_path: string): LoopDetectorCall => call('write_file', { file_path, content: 'x' });

function feed(detector: LoopDetector, calls: LoopDetectorCall[]): { at: number; detection: LoopDetection } | null {
  for (const [index, item] of calls.entries()) {
    const detection = detector.onToolCall(item);
    if (detection) return { at: index + 1, detection };
  }
  return null;
}

const eightReads = Array.from({ length: 8 }, (_, index) => read(`file${index}.ts`));

describe('H4 read-file churn', () => {
  it('default config (heuristics off): 8 reads of different files after a write are fine', () => {
    expect(feed(createLoopDetector(), [write('a'), ...eightReads])).toBeNull();
  });

  it('heuristics on: detected on the 8th read-like call in the window', () => {
    const result = feed(createLoopDetector({ heuristics: true }), [write('a'), ...eightReads]);
    expect(result?.at).toBe(9);
    expect(result?.detection.loopType).toBe('read_file_loop');
  });

  it('heuristics on, only reads so far (cold start): no detection', () => {
    const reads = Array.from({ length: 14 }, (_, index) => read(`file${index}.ts`));
    expect(feed(createLoopDetector({ heuristics: true }), reads)).toBeNull();
  });

  it('counts every read-like tool, prefixes included, within a 15-call window', () => {
    const mixed = [
      call('list_directory', { dir_path: '.' }),
      call('read_many_files', { paths: ['a'] }),
      call('zoom_image', { path: 'i.png' }),
      call('read_resource', { uri: 'x' }),
      call('list_projects'),
      read('a'),
      read('b'),
    ];
    const detector = createLoopDetector({ heuristics: true });
    expect(feed(detector, [call('run_shell_command', { command: 'npm test' }), ...mixed])).toBeNull();
    expect(detector.onToolCall(read('c'))?.loopType).toBe('read_file_loop');
  });

  it('does not treat look-alike names as reads', () => {
    const lookAlikes = Array.from({ length: 8 }, (_, index) => call(index % 2 ? 'review' : 'listener', { n: index }));
    expect(feed(createLoopDetector({ heuristics: true }), [write('a'), ...lookAlikes])).toBeNull();
  });

  it('reads spread out by other work stay below the threshold', () => {
    const calls = [write('a')];
    for (let index = 0; index < 12; index += 1) calls.push(index % 2 ? write(`w${index}`) : read(`r${index}`));
    expect(feed(createLoopDetector({ heuristics: true }), calls)).toBeNull();
  });
});

describe('H4 action stagnation', () => {
  it('the same tool name 8 times in a row with varying arguments', () => {
    const edits = Array.from({ length: 8 }, (_, index) => call('replace', { file_path: 'a', old_string: `${index}` }));
    const result = feed(createLoopDetector({ heuristics: true }), edits);
    expect(result?.at).toBe(8);
    expect(result?.detection.loopType).toBe('action_stagnation');
  });

  it('is off without heuristics', () => {
    const edits = Array.from({ length: 12 }, (_, index) => call('replace', { old_string: `${index}` }));
    expect(feed(createLoopDetector(), edits)).toBeNull();
  });
});

describe('H4 global duplicate', () => {
  it('the same key 6 times anywhere in the turn', () => {
    const calls = [read('K'), write('1'), read('K'), write('2'), read('K'), write('3'), read('K'), write('4'), read('K'), write('5'), read('K')];
    const result = feed(createLoopDetector({ heuristics: true, config: { alternatingCycles: 10 } }), calls);
    expect(result?.at).toBe(11);
    expect(result?.detection.loopType).toBe('global_duplicate');
  });
});

describe('H4 alternating ABAB', () => {
  it('3 cycles (6 calls) of two alternating calls', () => {
    const calls = [write('a'), read('x'), write('a'), read('x'), write('a'), read('x')];
    const result = feed(createLoopDetector({ heuristics: true }), calls);
    expect(result?.at).toBe(6);
    expect(result?.detection.loopType).toBe('alternating_pattern');
  });

  it('a third call breaks the pattern', () => {
    const calls = [write('a'), read('x'), write('a'), read('y'), write('a'), read('x')];
    expect(feed(createLoopDetector({ heuristics: true }), calls)).toBeNull();
  });

  it('is off without heuristics', () => {
    const calls = [write('a'), read('x'), write('a'), read('x'), write('a'), read('x'), write('a'), read('x')];
    expect(feed(createLoopDetector(), calls)).toBeNull();
  });
});

describe('H4 repeated thoughts', () => {
  it('the last 3 thoughts identical (case and whitespace insensitive)', () => {
    const detector = createLoopDetector({ heuristics: true });
    expect(detector.onThought('Planning', 'Read the file')).toBeNull();
    expect(detector.onThought('planning ', ' read the file')).toBeNull();
    expect(detector.onThought('PLANNING', 'READ THE FILE')?.loopType).toBe('repeated_thoughts');
  });

  it('compares only the first 200 characters of the description', () => {
    const detector = createLoopDetector({ heuristics: true });
    const base = 'x'.repeat(200);
    detector.onThought('s', `${base}1`);
    detector.onThought('s', `${base}2`);
    expect(detector.onThought('s', `${base}3`)?.loopType).toBe('repeated_thoughts');
  });

  it('a different thought in between or a tool call restarts it', () => {
    const detector = createLoopDetector({ heuristics: true });
    detector.onThought('a', 'b');
    detector.onThought('a', 'b');
    detector.onThought('c', 'd');
    detector.onThought('a', 'b');
    expect(detector.onThought('a', 'b')).toBeNull();
    detector.onToolCall(read('x'));
    expect(detector.onThought('a', 'b')).toBeNull();
  });

  it('is off without heuristics', () => {
    const detector = createLoopDetector();
    for (let index = 0; index < 5; index += 1) expect(detector.onThought('a', 'b')).toBeNull();
  });
});

describe('H4 content chanting', () => {
  const sentence = 'I will now check the configuration file again. '; // 48 characters

  it('the same text repeated in the stream is detected', () => {
    const detector = createLoopDetector({ heuristics: true });
    let detection: LoopDetection | null = null;
    for (let index = 0; index < 40 && !detection; index += 1) detection = detector.onContent(sentence);
    expect(detection?.loopType).toBe('chanting_identical_sentences');
  });

  it('varied prose is not', () => {
    const detector = createLoopDetector({ heuristics: true });
    for (let index = 0; index < 200; index += 1) {
      expect(detector.onContent(`Step ${index}: updating module ${index * 7} with change ${index * 13}. `)).toBeNull();
    }
  });

  it('is ignored inside code blocks', () => {
    const detector = createLoopDetector({ heuristics: true });
    expect(detector.onContent('```ts\n')).toBeNull();
    for (let index = 0; index < 60; index += 1) expect(detector.onContent('console.log("same line of code");\n')).toBeNull();
    expect(detector.onContent('```\n')).toBeNull();
  });

  it('markdown structure (list items, headings, tables, quotes, dividers) resets tracking', () => {
    const detector = createLoopDetector({ heuristics: true });
    const structured = ['- item: update the file again and again\n', '## Heading update the file again\n', '| a | b | update the table |\n', '> quoted update the file again\n', '---'];
    for (let index = 0; index < 100; index += 1) {
      expect(detector.onContent(structured[index % structured.length] ?? '')).toBeNull();
    }
  });

  it('a tool call resets the tracked text', () => {
    const detector = createLoopDetector({ heuristics: true, config: { contentLoopThreshold: 4 } });
    for (let round = 0; round < 10; round += 1) {
      expect(detector.onContent(sentence + sentence)).toBeNull();
      detector.onToolCall(read(`f${round}`));
    }
  });

  it('is off without heuristics', () => {
    const detector = createLoopDetector();
    for (let index = 0; index < 100; index += 1) expect(detector.onContent(sentence)).toBeNull();
  });

  it('chanting inside one long delta is detected even when varied prose follows it in the same delta', () => {
    const varied = Array.from({ length: 60 }, (_, index) => `Step ${index}: updating module ${index * 7}. `).join('');
    const detector = createLoopDetector({ heuristics: true });
    expect(detector.onContent(sentence.repeat(40) + varied)?.loopType).toBe('chanting_identical_sentences');
  });

  it('code blocks inside one long delta are ignored line by line', () => {
    const code = '```ts\n' + 'console.log("same line of code");\n'.repeat(60) + '```\n';
    const detector = createLoopDetector({ heuristics: true });
    expect(detector.onContent(`Here is the code:\n${code}That is all, thanks for reading it through.\n`)).toBeNull();
  });
});
