/** A shared session's replay, as the page drives it and sees it (worker/share/replay.ts). */

export type ReplaySpeed = '0.5' | '1' | '2' | 'instant';

export type ReplayCommand =
  | { kind: 'start'; speed?: ReplaySpeed; pauseAtNotes?: boolean }
  /** Replay from here: in a fork of a recording, what the recording did next. */
  | { kind: 'from-here'; speed?: ReplaySpeed; pauseAtNotes?: boolean }
  | { kind: 'play' }
  | { kind: 'pause' }
  | { kind: 'next-step' }
  | { kind: 'speed'; speed: ReplaySpeed }
  | { kind: 'pause-at-notes'; on: boolean };

export interface ReplayState {
  status: 'playing' | 'paused' | 'done' | 'stopped' | 'failed';
  /** Recorded responses played so far, of `total`. */
  roundTrip: number;
  total: number;
  speed: ReplaySpeed;
  /** Tool calls whose result differs from the recording, with the recorded result. */
  differs: { callId: string; recorded: string }[];
  message?: string;
  /** The note of the step the replay reached last (shown in Caption), if it has one. */
  caption?: string;
  /** Pause at notes: the replay pauses when it reaches a step with a note. */
  pauseAtNotes?: boolean;
}
