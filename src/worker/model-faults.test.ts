/**
 * Fault suite T3: model faults from the fake Gemini server through the whole worker stack
 * (testing/fault-run.ts says what runs and what is counted; testing/model-fault-kinds.ts lists
 * the faults). Each kind runs 2 times here and 20 times under `LOOPSCOPE_SOAK=1`
 * (`npm run soak`), or LOOPSCOPE_FAULT_RUNS times; a table of the counts is printed at the end.
 *
 * Kinds run side by side (up to vitest's maxConcurrency), each run with its own fake server,
 * database and sandbox; the runs of one kind run one after another.
 *
 * Waits are scaled: the agent's clock (session-runtime.ts sleeps through shared/abort's
 * `sleep`) waits 1/1000 of what it asks for, so a 5 s backoff takes 5 ms and a Retry-After of an
 * hour 3.6 s; the delay asked for is what the retry events report and what the checks read.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runModelFault } from './testing/fault-run';
import type { FaultRunReport } from './testing/fault-run';
import { MODEL_FAULT_KINDS } from './testing/model-fault-kinds';
import { faultTable } from './testing/fault-table';
import type * as Abort from '../shared/abort';

vi.mock('../shared/abort', async (importOriginal) => {
  const original = await importOriginal<typeof Abort>();
  return { ...original, sleep: (ms: number, signal?: AbortSignal) => original.sleep(ms / 1000, signal) };
});

const RUNS = Number(process.env['LOOPSCOPE_FAULT_RUNS'] ?? (process.env['LOOPSCOPE_SOAK'] === '1' ? 20 : 2));
const reports: FaultRunReport[] = [];

afterAll(() => {
  // Kinds run side by side (describe.concurrent): the table lists them in the order above.
  const order = (report: FaultRunReport) => KINDS.findIndex((kind) => kind.name === report.kind);
  const sorted = [...reports].sort((first, second) => order(first) - order(second));
  console.log(`\nModel faults (T3), ${RUNS} runs per kind:\n${faultTable(sorted)}`);
});

const KINDS = MODEL_FAULT_KINDS.filter((kind) => !kind.knownBug || process.env['LOOPSCOPE_FAULT_KNOWN_BUGS'] === '1');

describe.concurrent('model faults through the worker stack', () => {
  for (const kind of KINDS) {
    it(`survives ${kind.name}: requests stay paired, none after Stop, the run ends clearly and the session still answers`, { timeout: RUNS * 20_000 }, async () => {
      const mine: FaultRunReport[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const report = await runModelFault(kind, run);
        reports.push(report);
        mine.push(report);
      }
      const problems = mine.flatMap((report, run) =>
        [...report.pairingViolations, ...report.unclear, ...report.uncaught, ...report.followUpProblems, ...report.kindProblems].map((problem) => `run ${run + 1}: ${problem}`),
      );
      expect(problems).toEqual([]);
      expect(mine.map((report) => report.requestsAfterStop)).toEqual(mine.map(() => 0));
    });
  }
});
