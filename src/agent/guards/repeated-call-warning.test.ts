/** Spec H8: repeated-call warnings (warn, never stop). */
import { describe, expect, it } from 'vitest';
import { createRepeatedCallWarner, repeatedCallWarningText } from './repeated-call-warner';

const read = (file_path: string) => ({ name: 'read_file', args: { file_path } });

describe('H8 repeated-call warnings', () => {
  it('warns once when the streak reaches 3 across batches, not again at 4', () => {
    const warner = createRepeatedCallWarner();
    const results = [1, 2, 3, 4].map(() => warner.onBatch([read('a')]));
    expect(results.map((result) => result.reminders.length)).toEqual([0, 0, 1, 0]);
    expect(results.map((result) => result.warnings.length)).toEqual([0, 0, 1, 0]);
    const [reminder] = results[2]?.reminders ?? [];
    expect(reminder).toBe(`<system-reminder>${repeatedCallWarningText('read_file', 3)}</system-reminder>`);
    expect(results[2]?.warnings[0]).toMatch(/^You have called read_file with the same input 3 times in a row\./);
  });

  it('counts each call inside a parallel batch', () => {
    const warner = createRepeatedCallWarner();
    const result = warner.onBatch([read('a'), read('a'), read('a')]);
    expect(result.warnings).toHaveLength(1);
    expect(result.reminders).toHaveLength(1);
  });

  it('uses canonical arguments: key order does not break the streak', () => {
    const warner = createRepeatedCallWarner();
    warner.onBatch([{ name: 'grep', args: { pattern: 'x', path: '.' } }]);
    warner.onBatch([{ name: 'grep', args: { path: '.', pattern: 'x' } }]);
    expect(warner.onBatch([{ name: 'grep', args: { pattern: 'x', path: '.' } }]).warnings).toHaveLength(1);
  });

  it('a different call restarts the streak', () => {
    const warner = createRepeatedCallWarner();
    const batches = [[read('a')], [read('a')], [read('b')], [read('a')], [read('a')]];
    const warnings = batches.flatMap((batch) => warner.onBatch(batch).warnings);
    expect(warnings).toEqual([]);
  });

  it('budget: 4 streaks reaching 3 in one turn give 3 reminders and a 4th event-only warning', () => {
    const warner = createRepeatedCallWarner();
    const results = ['a', 'b', 'c', 'd'].map((path) => warner.onBatch([read(path), read(path), read(path)]));
    expect(results.map((result) => result.reminders.length)).toEqual([1, 1, 1, 0]);
    expect(results.map((result) => result.warnings.length)).toEqual([1, 1, 1, 1]);
  });

  it('resetTurn refills the budget', () => {
    const warner = createRepeatedCallWarner({ maxWarningsPerTurn: 1 });
    expect(warner.onBatch([read('a'), read('a'), read('a')]).reminders).toHaveLength(1);
    expect(warner.onBatch([read('b'), read('b'), read('b')]).reminders).toHaveLength(0);
    warner.resetTurn();
    expect(warner.onBatch([read('c'), read('c'), read('c')]).reminders).toHaveLength(1);
  });

  it('resetStreak (runtime command or user guidance absorbed) starts the streak over', () => {
    const warner = createRepeatedCallWarner();
    warner.onBatch([read('a'), read('a')]);
    warner.resetStreak();
    expect(warner.onBatch([read('a')]).warnings).toEqual([]);
    expect(warner.onBatch([read('a'), read('a')]).warnings).toHaveLength(1);
  });

  it('takes threshold and budget from options', () => {
    const warner = createRepeatedCallWarner({ threshold: 2, maxWarningsPerTurn: 0 });
    const result = warner.onBatch([read('a'), read('a')]);
    expect(result.warnings[0]).toContain('2 times in a row');
    expect(result.reminders).toEqual([]);
  });
});
