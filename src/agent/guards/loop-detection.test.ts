/** Spec H1–H3, H5, H6: the always-on guards, fed call by call as the core loop does. */
import { describe, expect, it } from 'vitest';
import { createLoopDetector } from './loop-detector';
import type { LoopDetection, LoopDetector, LoopDetectorCall } from './loop-detector';

const read = (file_path: string, extra: Record<string, unknown> = {}): LoopDetectorCall => ({
  name: 'read_file',
  args: { file_path, ...extra },
});
const shell = (command: string): LoopDetectorCall => ({ name: 'run_shell_command', args: { command } });

/** Feeds calls in order; returns the 1-based index of the first detection and the detection. */
function feed(detector: LoopDetector, calls: LoopDetectorCall[]): { at: number; detection: LoopDetection } | null {
  for (const [index, call] of calls.entries()) {
    const detection = detector.onToolCall(call);
    if (detection) return { at: index + 1, detection };
  }
  return null;
}

describe('H1 identical consecutive tool calls', () => {
  it('detects the 5th identical call, so only 4 would execute', () => {
    const detector = createLoopDetector();
    const executed: number[] = [];
    let detections = 0;
    for (let call = 1; call <= 5; call += 1) {
      const detection = detector.onToolCall(read('a'));
      if (detection) {
        detections += 1;
        expect(detection.loopType).toBe('consecutive_identical_tool_calls');
        expect(detection.detail).toContain('read_file');
        break;
      }
      executed.push(call);
    }
    expect(executed).toEqual([1, 2, 3, 4]);
    expect(detections).toBe(1);
  });

  it('ignores argument key order', () => {
    const calls = [0, 1, 2, 3, 4].map((index) =>
      index % 2 === 0 ? read('a', { limit: 1 }) : { name: 'read_file', args: { limit: 1, file_path: 'a' } },
    );
    expect(feed(createLoopDetector(), calls)?.at).toBe(5);
  });

  it('restarts the streak on a different call', () => {
    const calls = ['a', 'a', 'b', 'a', 'a', 'a', 'a'].map((path) => read(path));
    expect(feed(createLoopDetector(), calls)).toBeNull();
  });

  it('is not reset by content, thoughts or finished round-trips', () => {
    const detector = createLoopDetector({ heuristics: true });
    for (let call = 1; call <= 4; call += 1) {
      expect(detector.onToolCall(read('a'))).toBeNull();
      detector.onContent(`reading ${call}`);
      detector.onThought(`subject ${call}`, 'description');
      detector.onFinished();
    }
    expect(detector.onToolCall(read('a'))?.loopType).toBe('consecutive_identical_tool_calls');
  });

  it('persists across round-trips and resets on a new user query', () => {
    const detector = createLoopDetector();
    feed(detector, [read('a'), read('a'), read('a'), read('a')]);
    detector.resetForUserQuery();
    expect(feed(detector, [read('a'), read('a'), read('a'), read('a')])).toBeNull();
    expect(detector.onToolCall(read('a'))).not.toBeNull();
  });

  it('takes its threshold from config', () => {
    expect(feed(createLoopDetector({ config: { identicalCallThreshold: 2 } }), [read('a'), read('a')])?.at).toBe(2);
  });

  it('keeps the default when config passes undefined', () => {
    const detector = createLoopDetector({ config: { identicalCallThreshold: undefined } });
    expect(feed(detector, [read('a'), read('a'), read('a'), read('a'), read('a')])?.at).toBe(5);
  });
});

describe('H2 git inspection stagnation', () => {
  const alternating = (count: number) =>
    Array.from({ length: count }, (_, index) => shell(index % 2 === 0 ? 'git status' : 'git diff HEAD'));

  it('detects the 8th consecutive overview inspection, so 7 would execute', () => {
    const result = feed(createLoopDetector(), alternating(8));
    expect(result?.at).toBe(8);
    expect(result?.detection.loopType).toBe('shell_command_stagnation');
  });

  it('a file-specific diff in the middle resets the streak', () => {
    const calls = alternating(8);
    calls.splice(4, 0, shell('git diff -- src/a.ts'));
    expect(feed(createLoopDetector(), calls)).toBeNull();
  });

  it('any other call resets the streak', () => {
    const calls = alternating(8);
    calls.splice(4, 0, read('a'));
    expect(feed(createLoopDetector(), calls)).toBeNull();
  });

  it('chains of inspections share the bucket', () => {
    const calls = Array.from({ length: 8 }, (_, index) =>
      shell(index % 2 === 0 ? 'git status && git diff --stat' : 'git --no-pager diff HEAD~1 | cat'),
    );
    // `cat` is not git: those segments disqualify the odd calls, so no streak forms.
    expect(feed(createLoopDetector(), calls)).toBeNull();
    const pure = Array.from({ length: 8 }, (_, index) =>
      shell(index % 2 === 0 ? 'git status && git diff --stat' : 'git -C repo ls-files; git diff main...HEAD'),
    );
    expect(feed(createLoopDetector(), pure)?.at).toBe(8);
  });
});

describe('H3 per-turn tool-call cap', () => {
  const distinct = (count: number, offset = 0) => Array.from({ length: count }, (_, index) => read(`f${index + offset}`));

  it('A: 101 distinct calls are all allowed (soft cap, no stuck signal)', () => {
    expect(feed(createLoopDetector(), distinct(101))).toBeNull();
  });

  it('B: past 100 calls, a key seen 6 times non-consecutively halts at call 101', () => {
    const calls = distinct(100);
    for (const position of [5, 20, 35, 50, 65, 80]) calls[position] = read('K');
    const detector = createLoopDetector();
    expect(feed(detector, calls)).toBeNull();
    const result = detector.onToolCall(read('anything'));
    expect(result?.loopType).toBe('turn_tool_call_cap');
  });

  it('C: an explicit maxToolCallsPerTurn is a hard cap', () => {
    const result = feed(createLoopDetector({ config: { maxToolCallsPerTurn: 3 } }), distinct(4));
    expect(result?.at).toBe(4);
    expect(result?.detection.loopType).toBe('turn_tool_call_cap');
  });

  it('an explicit cap ≤ 0 disables the cap, backstop included', () => {
    const detector = createLoopDetector({ config: { maxToolCallsPerTurn: 0, hardToolCallCap: 10, softToolCallCap: 5 } });
    expect(feed(detector, distinct(50))).toBeNull();
  });

  it('the hard backstop halts even a diverse turn', () => {
    const result = feed(createLoopDetector({ config: { softToolCallCap: 10, hardToolCallCap: 20 } }), distinct(25));
    expect(result?.at).toBe(21);
  });

  it('counts continuations of one turn and restarts on a new user query', () => {
    const detector = createLoopDetector({ config: { maxToolCallsPerTurn: 3 } });
    expect(feed(detector, distinct(2))).toBeNull();
    detector.onFinished();
    expect(detector.onToolCall(read('x'))).toBeNull();
    expect(detector.onToolCall(read('y'))?.loopType).toBe('turn_tool_call_cap');
    detector.resetForUserQuery();
    expect(feed(detector, distinct(3, 100))).toBeNull();
  });
});

describe('H5 rollback on retry', () => {
  it('4 identical calls, a retry, and 4 more do not trip the 5-streak', () => {
    const detector = createLoopDetector({ heuristics: true });
    expect(feed(detector, [read('a'), read('a'), read('a'), read('a')])).toBeNull();
    detector.onRetry();
    expect(feed(detector, [read('a'), read('a'), read('a'), read('a')])).toBeNull();
  });

  it('3 + retry + 3 do not trip the global-duplicate threshold of 6 either', () => {
    const detector = createLoopDetector({ heuristics: true });
    const interleaved = [read('a'), read('b'), read('a'), read('c'), read('a')];
    expect(feed(detector, interleaved)).toBeNull();
    detector.onRetry();
    expect(feed(detector, interleaved)).toBeNull();
  });

  it('rolls the cap back to the last finished round-trip, not to zero', () => {
    const detector = createLoopDetector({ config: { maxToolCallsPerTurn: 4 } });
    feed(detector, [read('1'), read('2')]);
    detector.onFinished();
    feed(detector, [read('3'), read('4')]);
    detector.onRetry();
    // 2 committed + the replayed 2 = 4: still within the cap.
    expect(feed(detector, [read('3'), read('4')])).toBeNull();
    expect(detector.onToolCall(read('5'))?.loopType).toBe('turn_tool_call_cap');
  });

  it('clears the cap key counts (the stuck signal)', () => {
    const detector = createLoopDetector({ config: { softToolCallCap: 8 } });
    const calls = [read('K'), read('x1'), read('K'), read('x2'), read('K'), read('x3'), read('K'), read('x4')];
    feed(detector, calls);
    detector.onFinished();
    detector.onRetry();
    // K seen 4 times before the retry; after it, 2 more would make 6 without the clear.
    expect(feed(detector, [read('K'), read('y1'), read('K')])).toBeNull();
  });
});

describe('H6 stop and disable', () => {
  it('latches: after a detection every feed returns it until a new user query', () => {
    const detector = createLoopDetector({ config: { identicalCallThreshold: 2 } });
    const first = feed(detector, [read('a'), read('a')])?.detection;
    expect(detector.onToolCall(read('b'))).toEqual(first);
    expect(detector.onContent('text')).toEqual(first);
    detector.resetForUserQuery();
    expect(detector.onToolCall(read('b'))).toBeNull();
  });

  it('disable() turns off every guard, always-on ones included', () => {
    const detector = createLoopDetector({ heuristics: true, config: { maxToolCallsPerTurn: 2 } });
    detector.disable();
    expect(detector.disabled).toBe(true);
    const calls = [...Array.from({ length: 10 }, () => read('a')), ...Array.from({ length: 10 }, () => shell('git status'))];
    expect(feed(detector, calls)).toBeNull();
    expect(detector.onThought('same', 'same')).toBeNull();
    detector.resetForUserQuery();
    expect(detector.disabled).toBe(true);
  });

  it('disable() after a detection lifts the latch', () => {
    const detector = createLoopDetector({ config: { identicalCallThreshold: 2 } });
    feed(detector, [read('a'), read('a')]);
    detector.disable();
    expect(detector.onToolCall(read('a'))).toBeNull();
  });
});
