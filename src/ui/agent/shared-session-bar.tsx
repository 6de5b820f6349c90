/**
 * A session opened from a share link or a session file: read-only, with Replay (the recording
 * played through the real loop, asking before every change) and Fork (a copy of one's own).
 * The toolbar `Replay controls` holds Pause at notes (before Replay too); while replaying, also Play, Pause, Next step, Speed, and where the
 * replay is (`Round-trip N of M`).
 */
import { useState } from 'react';
import type { LessonInfo, SharedInfo } from '../../worker/protocol';
import type { ReplayCommand, ReplaySpeed, ReplayState } from '../../shared/replay';

export const SPEEDS: { value: ReplaySpeed; label: string }[] = [
  { value: '0.5', label: '0.5×' },
  { value: '1', label: '1×' },
  { value: '2', label: '2×' },
  { value: 'instant', label: 'Instant' },
];

export const FINISHED: Record<Exclude<ReplayState['status'], 'playing' | 'paused'>, string> = {
  done: 'Replay finished',
  stopped: 'Replay stopped',
  failed: 'Replay ended early',
};

export function replayActive(replay: ReplayState | null): boolean {
  return replay?.status === 'playing' || replay?.status === 'paused';
}

export function SpeedSelect({ speed, onChange }: { speed: ReplaySpeed; onChange: (speed: ReplaySpeed) => void }) {
  return (
    <label>
      Speed{' '}
      <select aria-label="Speed" value={speed} onChange={(event) => onChange(event.target.value as ReplaySpeed)}>
        {SPEEDS.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Pause at notes: the replay stops at each step that has a note, until Play or Next step. */
export function PauseAtNotes({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={on} onChange={(event) => onChange(event.target.checked)} />
      Pause at notes
    </label>
  );
}

/** The note of the step the replay reached (as text: a note is never markup), for a class to read. */
export function Caption({ text }: { text: string }) {
  return (
    <section className="replay-caption" aria-label="Caption" aria-live="polite">
      <p>{text}</p>
    </section>
  );
}

/** How a replay ended, read out: where it got to, and how many results differed from the recording. */
export function ReplayOutcome({ replay }: { replay: ReplayState }) {
  return (
    <p role="status">
      {FINISHED[replay.status as keyof typeof FINISHED]}: round-trip {replay.roundTrip} of {replay.total}
      {replay.differs.length > 0 ? `; ${replay.differs.length} tool result(s) differ from the recording` : ''}.{replay.message ? ` ${replay.message}` : ''}
    </p>
  );
}

/**
 * A replay setting as the person last chose it, until the worker's replay state answers the
 * choice: shown only from that answer, a click or a pick seemed to do nothing (or snapped back)
 * for a frame or more, longer while the worker was busy. Once the worker's value changes, it
 * is shown again (a refusal leaves the choice on screen until then).
 */
export function useChosen<T>(confirmed: T): [T, (value: T) => void] {
  const [chosen, setChosen] = useState<{ value: T; over: T } | null>(null);
  const shown = chosen && Object.is(chosen.over, confirmed) ? chosen.value : confirmed;
  return [shown, (value: T) => setChosen({ value, over: confirmed })];
}

export function ReplayControls({ replay, command }: { replay: ReplayState; command: (command: ReplayCommand) => void }) {
  const playing = replay.status === 'playing';
  const [pauseAtNotes, choosePauseAtNotes] = useChosen(replay.pauseAtNotes === true);
  const [speed, chooseSpeed] = useChosen(replay.speed);
  return (
    <div role="toolbar" aria-label="Replay controls" className="replay-controls">
      <PauseAtNotes
        on={pauseAtNotes}
        onChange={(on) => {
          choosePauseAtNotes(on);
          command({ kind: 'pause-at-notes', on });
        }}
      />
      {/* aria-disabled keeps the focus on a button that does not apply right now. */}
      <button type="button" aria-disabled={playing} onClick={() => !playing && command({ kind: 'play' })}>
        Play
      </button>
      <button type="button" aria-disabled={!playing} onClick={() => playing && command({ kind: 'pause' })}>
        Pause
      </button>
      <button type="button" onClick={() => command({ kind: 'next-step' })}>
        Next step
      </button>
      <SpeedSelect
        speed={speed}
        onChange={(next) => {
          chooseSpeed(next);
          command({ kind: 'speed', speed: next });
        }}
      />
      <span role="status" className="replay-position">
        Round-trip {replay.roundTrip} of {replay.total}
        {playing ? '' : ' (paused)'}
      </span>
    </div>
  );
}

export interface SharedSessionBarProps {
  shared: SharedInfo;
  replay: ReplayState | null;
  running: boolean;
  /** The replay command, asked of the worker (use-agent-actions.ts); a refusal shows in the transcript. */
  command: (command: ReplayCommand) => void;
  /** Fork: a copy of the shared session of one's own; a refusal shows in the transcript. */
  fork: () => void;
}

export function SharedSessionBar({ shared, replay, running, command, fork }: SharedSessionBarProps) {
  const active = replayActive(replay);
  const busy = running || active;
  /** Chosen before Replay (the toolbar's Speed takes over while it plays). */
  const [speed, setSpeed] = useState<ReplaySpeed>('1');
  const [pauseAtNotes, setPauseAtNotes] = useState(false);
  return (
    <section className="shared-bar" aria-label="Shared session">
      <p>
        Shared session, read-only. <strong>Replay</strong> plays its {shared.roundTrips} recorded model responses through the loop (tools really run, and every
        write and command asks first); <strong>Fork</strong> makes a copy you can change.
      </p>
      {shared.notes.length > 0 ? (
        <ul className="share-notes" aria-label="Left out of the session">
          {shared.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {replay?.caption ? <Caption text={replay.caption} /> : null}
      {active && replay ? (
        <ReplayControls
          replay={replay}
          command={(replayCommand) => {
            if (replayCommand.kind === 'speed') setSpeed(replayCommand.speed);
            if (replayCommand.kind === 'pause-at-notes') setPauseAtNotes(replayCommand.on);
            command(replayCommand);
          }}
        />
      ) : (
        <div role="toolbar" aria-label="Replay controls" className="replay-controls">
          <PauseAtNotes on={pauseAtNotes} onChange={setPauseAtNotes} />
        </div>
      )}
      {replay && !active ? <ReplayOutcome replay={replay} /> : null}
      <div className="shared-actions">
        {active ? null : <SpeedSelect speed={speed} onChange={setSpeed} />}
        <button type="button" aria-disabled={busy} onClick={() => !busy && command({ kind: 'start', speed, pauseAtNotes })}>
          Replay
        </button>
        <button type="button" aria-disabled={busy} onClick={() => !busy && fork()}>
          Fork
        </button>
      </div>
    </section>
  );
}

/**
 * The bundled lessons as recorded sessions (share/lessons/): one opens as a read-only session
 * to replay step by step, as a shared link does. A list box, so the lesson buttons above keep
 * names of their own.
 */
export function RecordedLessons({ lessons, onOpen }: { lessons: readonly LessonInfo[]; onOpen: (id: string) => void }) {
  const [chosen, setChosen] = useState(lessons[0]?.id ?? '');
  return (
    <p className="recorded-lessons">
      <label>
        Or replay a recording, step by step:{' '}
        <select aria-label="Recorded lesson" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          {lessons.map((lesson) => (
            <option key={lesson.id} value={lesson.id}>
              {lesson.title}
            </option>
          ))}
        </select>
      </label>{' '}
      <button type="button" disabled={!chosen} onClick={() => onOpen(chosen)}>
        Open recording
      </button>
    </p>
  );
}
