/** The counts of the crash-recovery suite: one row per crash point, summed over its runs. */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PointTally {
  point: string;
  runs: number;
  /** Typed messages missing from the reopened transcript, the stored history or the last request. */
  messagesLost: number;
  /** Typed messages found more than once in one of those places. */
  messagesDoubled: number;
  /** Marker lines (one per command run) found more than once. */
  toolsRunTwice: number;
  /** Marker lines of commands that finished before the crash, missing afterwards. */
  finishedEffectsLost: number;
  /** A request sent or a command run after the reopen before the person pressed Continue or Allow. */
  ranByItself: number;
  /** Runs that did not end clearly: a step never came (stuck running, no Continue, no answer) or an error. */
  notEndingClearly: number;
  /** What went wrong, per run, for the failure message. */
  problems: string[];
  /** Wall-clock time of all runs (reported, never asserted). */
  milliseconds: number;
}

export function emptyTally(point: string): PointTally {
  return { point, runs: 0, messagesLost: 0, messagesDoubled: 0, toolsRunTwice: 0, finishedEffectsLost: 0, ranByItself: 0, notEndingClearly: 0, problems: [], milliseconds: 0 };
}

const COLUMNS: { title: string; value: (tally: PointTally) => string | number }[] = [
  { title: 'crash point', value: (tally) => tally.point },
  { title: 'runs', value: (tally) => tally.runs },
  { title: 'messages lost', value: (tally) => tally.messagesLost },
  { title: 'doubled', value: (tally) => tally.messagesDoubled },
  { title: 'tools run twice', value: (tally) => tally.toolsRunTwice },
  { title: 'finished effects lost', value: (tally) => tally.finishedEffectsLost },
  { title: 'ran by itself', value: (tally) => tally.ranByItself },
  { title: 'not ending clearly', value: (tally) => tally.notEndingClearly },
  { title: 'seconds', value: (tally) => (tally.milliseconds / 1000).toFixed(1) },
];

/** A plain-text table, one row per crash point. */
export function formatTallies(tallies: readonly PointTally[]): string {
  const rows = [COLUMNS.map((column) => column.title), ...tallies.map((tally) => COLUMNS.map((column) => String(column.value(tally))))];
  const widths = COLUMNS.map((_, index) => Math.max(...rows.map((row) => row[index]!.length)));
  const line = (row: string[]) => row.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join('  ');
  return [line(rows[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

/** Zero in every count? */
export function isClean(tally: PointTally): boolean {
  return tally.messagesLost + tally.messagesDoubled + tally.toolsRunTwice + tally.finishedEffectsLost + tally.ranByItself + tally.notEndingClearly === 0;
}

/**
 * The points run in parallel workers, so each writes its tally into the run's output folder
 * (Playwright empties it when a run starts) and a worker that finishes prints all it finds.
 */
function talliesFolder(outputDir: string): string {
  return join(outputDir, 'crash-recovery-tallies');
}

export function saveTally(outputDir: string, order: number, tally: PointTally): void {
  const folder = talliesFolder(outputDir);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, `${String(order).padStart(2, '0')}.json`), JSON.stringify(tally));
}

export function savedTallies(outputDir: string): PointTally[] {
  const folder = talliesFolder(outputDir);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as PointTally);
}
