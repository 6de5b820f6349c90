/**
 * Live output of `node` and `python3` (whose engines produce output while they run, unlike
 * just-bash's own commands, whose output arrives at their end). An exec that is one simple
 * script command opens a tap; the command finds it through an environment variable that names
 * it (just-bash gives a custom command no other handle on the exec that ran it) and writes each
 * chunk to it as it comes. The exec then reports at its end only what was not streamed.
 */
import type { OutputChunk } from '../types';

export const LIVE_OUTPUT_ENV = 'LOOPSCOPE_LIVE_OUTPUT';

export interface LiveTap {
  readonly id: string;
  /** What went out live, per stream. */
  readonly streamed: { stdout: string; stderr: string };
  close(): void;
}

export interface LiveOutputs {
  open(onOutput: (chunk: OutputChunk) => void): LiveTap;
  /** The writer of the tap named by a command's environment, if it is open. */
  sinkFor(id: string | undefined): ((stream: 1 | 2, text: string) => void) | undefined;
}

/** One script command, no pipes, lists, redirections or substitutions: its output is all the exec's. */
const SIMPLE_SCRIPT = /^\s*(node|python3?)(\s[^|&;<>`\n\r]*)?$/;
/** Quoted words: single quotes as they are, double quotes with their escapes (no substitution inside counts as plain). */
const QUOTED = /'[^']*'|"(?:[^"\\$`]|\\.)*"/g;

export function streamsLive(command: string): boolean {
  const unquoted = command.replace(QUOTED, 'q');
  return SIMPLE_SCRIPT.test(unquoted) && !unquoted.includes('$(');
}

/** What of a command's output was not streamed already (all of it when the streamed part is not its start). */
export function notStreamed(text: string, sent: string | undefined): string {
  return sent && text.startsWith(sent) ? text.slice(sent.length) : text;
}

export function createLiveOutputs(): LiveOutputs {
  const taps = new Map<string, (stream: 1 | 2, text: string) => void>();
  let counter = 0;
  return {
    open(onOutput) {
      const id = `tap-${++counter}`;
      const streamed = { stdout: '', stderr: '' };
      taps.set(id, (stream, text) => {
        if (stream === 1) streamed.stdout += text;
        else streamed.stderr += text;
        onOutput({ stream: stream === 1 ? 'stdout' : 'stderr', text });
      });
      return { id, streamed, close: () => taps.delete(id) };
    },
    sinkFor: (id) => (id === undefined ? undefined : taps.get(id)),
  };
}
