/**
 * Fault suite T2, tool arguments: generated argument sets for each of the eight tools (path
 * escapes in every encoding, NUL bytes, huge strings, wrong types, look-alike Unicode, missing
 * and extra fields, symlinks leading out) on both sandboxes. Every call must get exactly one
 * response, change 0 bytes outside the workspace (checked by SHA-256 over every outside path
 * and content after each call) and never return the planted secret.
 *
 * Size: 100 sets per tool here; `npm run soak` (LOOPSCOPE_SOAK=1) runs 2,000, and
 * LOOPSCOPE_T2_SETS=N any number. The seed is fast-check's global one (FC_SEED), printed
 * with the counts at the end.
 */
import fc from 'fast-check';
import type * as JustBash from 'just-bash';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createBuiltinTools, createToolRegistry } from './registry';
import type { FaultToolName } from './testing/argument-faults';
import { shellEscapeArguments, toolArgumentArbitraries } from './testing/argument-faults';
import { recordingJustBash } from './testing/captured-file-systems';
import type { FaultEnvironment, FaultSandboxName } from './testing/fault-environments';
import { createFaultEnvironment } from './testing/fault-environments';
import type { Tally } from './testing/fault-harness';
import { callAndCheck, emptyTally } from './testing/fault-harness';
import type { Tool } from './types';

vi.mock('just-bash', async (importOriginal) => recordingJustBash(await importOriginal<typeof JustBash>()));

const SETS_PER_TOOL = Number(process.env.LOOPSCOPE_T2_SETS ?? (process.env.LOOPSCOPE_SOAK === '1' ? 2000 : 100));
/** Escape commands run for real (a bash process each on the double), so they are a quarter of the size. */
const ESCAPE_SETS = Math.max(20, Math.round(SETS_PER_TOOL / 4));
const SEED = fc.readConfigureGlobal().seed ?? 20261202;
const TOOL_NAMES: FaultToolName[] = ['read_file', 'write_file', 'edit', 'list_directory', 'glob', 'grep_search', 'run_shell_command', 'write_todos'];
const SANDBOXES: FaultSandboxName[] = ['offline', 'webcontainer'];
const TEST_TIMEOUT_MS = 60_000 + SETS_PER_TOOL * 400;

const ESCAPE_ROW = 'run_shell_command (escape commands)';

function toolsFor(): Map<string, Tool> {
  const tools = createToolRegistry(createBuiltinTools({ shellTimeoutMs: 10_000 }));
  return new Map(tools.names().map((name) => [name, tools.get(name)!]));
}

/**
 * Runs `count` sets from `pick` (fixed seed) through `toolName` in a fresh environment.
 * `escapes`: the sets are shell escape commands, checked by the environment's host guard first.
 */
async function runSets(sandbox: FaultSandboxName, toolName: FaultToolName, count: number, pick: (environment: FaultEnvironment) => fc.Arbitrary<unknown>, seed: number, escapes = false): Promise<Tally> {
  const environment = await createFaultEnvironment(sandbox);
  try {
    const tool = toolsFor().get(toolName)!;
    const observer = { environment, outside: await environment.snapshotOutside(), tally: emptyTally() };
    for (const args of fc.sample(pick(environment), { seed, numRuns: count })) {
      if (escapes) environment.guardHostCommand((args as { command: string }).command);
      await callAndCheck(tool, args, observer);
    }
    return observer.tally;
  } finally {
    await environment.dispose();
  }
}

describe.each(SANDBOXES)('tool arguments under faults on the %s sandbox', (sandbox) => {
  const tallies = new Map<string, Tally>();
  afterAll(() => console.log(report(sandbox, tallies)));

  it.each(TOOL_NAMES.map((name, index) => [name, index] as const))(
    '%s answers each generated argument set exactly once, changes nothing outside the workspace and returns no outside content',
    async (toolName, index) => {
      const tally = await runSets(sandbox, toolName, SETS_PER_TOOL, (environment) => toolArgumentArbitraries(environment.targets)[toolName], SEED + index);
      tallies.set(toolName, tally);
      expect(tally.violations.slice(0, 20)).toEqual([]);
      expect(tally.responses).toBe(tally.sets);
      expect(tally.bytesChangedOutside).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'run_shell_command answers each command that tries to leave the workspace exactly once',
    async () => {
      const tally = await runSets(sandbox, 'run_shell_command', ESCAPE_SETS, (environment) => shellEscapeArguments(environment.targets), SEED + 100, true);
      tallies.set(ESCAPE_ROW, tally);
      const responseViolations = tally.violations.filter((violation) => !/^(\d+ bytes changed outside|outside content or name)/.test(violation));
      expect(responseViolations.slice(0, 20)).toEqual([]);
      expect(tally.responses).toBe(tally.sets);
    },
    TEST_TIMEOUT_MS,
  );

  // The offline shell's file system is confined to the workspace (sandbox/offline/confine-to-workspace.ts).
  // WebContainer's shell is not: outside /home/project it sees the container's own files (per
  // page, nothing of the person's), and this double runs a real bash on the host, where commands
  // do reach outside its temp workspace. `it.fails` records that gap; it goes red once closed.
  const confined = sandbox === 'offline' ? it : it.fails;
  confined(`${sandbox === 'offline' ? '' : 'KNOWN GAP: '}run_shell_command commands change nothing outside the workspace and read no outside file`, () => {
    const tally = tallies.get(ESCAPE_ROW);
    expect(tally).toBeDefined();
    expect({ callsChangingOutside: tally?.callsChangingOutside, secretLeaks: tally?.secretLeaks }).toEqual({ callsChangingOutside: 0, secretLeaks: 0 });
  });
});

// Values JSON cannot print (a BigInt, a cycle) are refused like any wrong type; describing
// them in the refusal used to throw instead.
describe('arguments that are not JSON values', () => {
  const tools = toolsFor();
  it.each([
    ['read_file', { file_path: 57n }],
    ['list_directory', { dir_path: 35n }],
    ['glob', { pattern: -57n }],
    ['read_file', { file_path: 'a.txt', start_line: 2n ** 255n }],
  ] as const)('%s refuses %o without throwing', (name, args) => {
    const tool = tools.get(name)!;
    expect(tool.validate(args)).toMatchObject({ ok: false });
  });

  it('a cyclic argument is refused without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(tools.get('read_file')!.validate({ file_path: cyclic })).toMatchObject({ ok: false });
  });
});

function report(sandbox: FaultSandboxName, tallies: Map<string, Tally>): string {
  const header = `T2 tool-argument faults, ${sandbox} sandbox (seed ${SEED}, ${SETS_PER_TOOL} sets per tool, ${ESCAPE_SETS} escape commands)`;
  const rows = [...tallies].map(([name, tally]) => {
    const refusals = tally.refusedAtValidate + tally.errorResults;
    return (
      `  ${name.padEnd(36)} sets ${tally.sets}, responses ${tally.responses}, refusals ${refusals} ` +
      `(validate ${tally.refusedAtValidate}, error results ${tally.errorResults}), ok ${tally.okResults}, ` +
      `bytes changed outside ${tally.bytesChangedOutside} (in ${tally.callsChangingOutside} calls), outside content returned ${tally.secretLeaks}`
    );
  });
  return [header, ...rows].join('\n');
}
