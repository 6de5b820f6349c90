/**
 * The embedded player (a course page's `<iframe>`, the app's address with `?embed`): the
 * session of the link in its fragment, read-only, with the replay's controls, its captions and
 * the loop's Diagram, and a link that opens the session in the full app. It replays only: its
 * worker answers every tool call from the recording (init's `replayOnly`), which it says on
 * screen. It opens no database: its worker keeps the session in memory (store/memory-database.ts),
 * so the person's sessions, settings and keys are never read, and a course site whose frames get
 * no storage still plays it; the title, notes and round-trips come from the worker (`embed-session`).
 */
import { useCallback, useEffect, useState } from 'react';
import type { ReplaySpeed } from '../../shared/replay';
import type { WorkerClient } from '../../worker/client';
import type { EmbedSession } from '../../worker/protocol';
import { isSessionLink } from '../../share/link-prefix';
import { Caption, PauseAtNotes, ReplayControls, ReplayOutcome, SpeedSelect, replayActive } from '../agent/shared-session-bar';
import { useAgentSession } from '../agent/use-agent-session';
import { LoopDiagram } from '../inspector/loop-diagram';
import { useLoopTracking } from '../inspector/use-live-loop';
import { Transcript } from '../transcript/transcript';
import { appUrl } from '../share/embed-code';
import { useEmbedActions } from './use-embed-actions';
import './embed-player.css';

const NO_CHECKPOINTS: ReadonlyMap<string, string> = new Map();

export function EmbedPlayer({ client }: { client: WorkerClient }) {
  // The Diagram follows the loop's events from the first one on.
  useLoopTracking(client);
  const [view] = useAgentSession(client);
  const [problem, setProblem] = useState<string | null>(null);
  const said = useCallback((message: string) => setProblem(message), []);
  const actions = useEmbedActions(client, said);
  const [fragment] = useState(() => window.location.hash);
  const [speed, setSpeed] = useState<ReplaySpeed>('1');
  const [pauseAtNotes, setPauseAtNotes] = useState(false);
  const [diagramShown, setDiagramShown] = useState(true);
  const link = isSessionLink(fragment);
  useEffect(() => {
    if (link) actions.open(fragment);
  }, [actions, fragment, link]);
  const sessionId = view.shared ? view.sessionId : null;
  const replay = view.replay;
  const active = replayActive(replay);
  // Read again as the replay goes on (its round-trips are stored behind the loop) and when a run ends.
  const [session, setSession] = useState<EmbedSession | null>(null);
  const { read } = actions;
  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    void read(sessionId).then((read) => live && read && setSession(read));
    return () => {
      live = false;
    };
  }, [read, sessionId, replay?.roundTrip, replay?.status, view.running]);
  const title = session?.title.replace(/^Shared: /, '') ?? 'Loopscope session';

  return (
    <div className="embed-player">
      <header className="embed-header">
        <h1>{sessionId ? title : 'Loopscope session'}</h1>
        {link ? (
          <a href={appUrl(fragment, window.location)} target="_blank" rel="noopener noreferrer">
            Open in Loopscope
          </a>
        ) : null}
      </header>
      <p className="embed-note" role="note">
        Replay only: nothing runs in this player. The model&apos;s responses and every tool result are the ones recorded; open the session in Loopscope to run it yourself.
      </p>
      {!link ? <p role="alert">This player shows a shared Loopscope session: its address needs the session link after #.</p> : null}
      {problem ? <p role="alert">{problem}</p> : null}
      {link && !sessionId && !problem ? <p aria-busy="true">Opening the session…</p> : null}
      {sessionId && view.shared ? (
        <>
          <section className="embed-controls" aria-label="Replay">
            {replay?.caption ? <Caption text={replay.caption} /> : null}
            {active && replay ? (
              <ReplayControls
                replay={replay}
                command={(command) => {
                  if (command.kind === 'speed') setSpeed(command.speed);
                  if (command.kind === 'pause-at-notes') setPauseAtNotes(command.on);
                  actions.replay(command);
                }}
              />
            ) : (
              <div role="toolbar" aria-label="Replay controls" className="replay-controls">
                <button type="button" aria-disabled={view.running} onClick={() => !view.running && actions.replay({ kind: 'start', speed, pauseAtNotes })}>
                  Replay
                </button>
                <SpeedSelect speed={speed} onChange={setSpeed} />
                <PauseAtNotes on={pauseAtNotes} onChange={setPauseAtNotes} />
                <span className="replay-position">{view.shared.roundTrips} recorded model responses</span>
              </div>
            )}
            {replay && !active ? <ReplayOutcome replay={replay} /> : null}
            <button type="button" className="embed-diagram-toggle" aria-expanded={diagramShown} {...(diagramShown ? { 'aria-controls': 'embed-diagram' } : {})} onClick={() => setDiagramShown(!diagramShown)}>
              Diagram
            </button>
          </section>
          <div className={`embed-body${diagramShown ? ' with-diagram' : ''}`}>
            {/* Scrolls here, and takes the focus, so the keyboard scrolls a transcript that has no control of its own. */}
            <div className="embed-transcript" tabIndex={0}>
              <Transcript key={sessionId} items={view.items} onDisableLoopDetection={null} checkpoints={NO_CHECKPOINTS} onRestore={null} differs={replay?.differs} notes={session?.notes} />
            </div>
            {diagramShown ? (
              <section id="embed-diagram" className="embed-diagram" aria-label="Diagram">
                <LoopDiagram roundTrips={session?.roundTrips ?? []} sessionId={sessionId} client={client} />
              </section>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
