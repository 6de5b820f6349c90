/**
 * Hooks a person defines (Settings → Hooks): a shell command run in the session's sandbox after
 * each successful edit, and one run when the model ends with text. What one run did is plain
 * data here, so the agent carries it in its events, the worker keeps it in the Loop inspector's
 * notes and the page shows it on the call's card.
 *
 * A run never names its command: the command is the person's setting, which stays on this
 * device (never in a link, a session file or a note).
 */

export type PersonHook = 'after_edit' | 'before_stop';

export interface HookRun {
  hook: PersonHook;
  /** after_edit: the call after which it ran. */
  callId?: string;
  /** null when it did not end by itself (timed out, stopped) or could not start. */
  exitCode: number | null;
  durationMs: number;
  timedOut?: boolean;
  /** Why it could not run at all (the sandbox failed to start it). */
  failure?: string;
  /** Its output (stdout then stderr) as the model was given it: capped, `cutBytes` left out of the middle. */
  output: string;
  cutBytes?: number;
  /** before_stop: it failed and its output was sent to the model, which goes on; false when it failed but the run had gone on as often as it may. */
  sentToModel?: boolean;
}

/** What Settings calls each hook (its textbox's name). */
export const PERSON_HOOK_LABEL: Record<PersonHook, string> = {
  after_edit: 'After each edit run',
  before_stop: 'Before stopping run',
};

/** A hook run's outcome in a few words: "exit code 1", "timed out", "could not start". */
export function hookRunOutcome(run: HookRun): string {
  if (run.failure !== undefined) return 'could not start';
  if (run.timedOut) return 'timed out';
  return run.exitCode === null ? 'stopped' : `exit code ${run.exitCode}`;
}

/** One line for the Loop inspector and the transcript: which hook, how it ended, how long it took. */
export function hookRunLine(run: HookRun): string {
  const ms = run.durationMs;
  const time = ms < 1000 ? `${Math.round(ms)} ms` : ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
  return `Hook "${PERSON_HOOK_LABEL[run.hook]}": ${hookRunOutcome(run)}, ${time}`;
}
