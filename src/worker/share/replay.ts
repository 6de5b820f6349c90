/**
 * Replay of a shared session through the real loop: the session is put back to where the
 * recording started (its starting files, no history), then each recorded prompt is run by the
 * agent with the recorded-responses model. Tools really run, and the approval mode is "Ask
 * every time" whatever the sender used (content from someone else is untrusted, reliability
 * rule 5). A tool result that differs from the recorded one is reported, and the replay goes on
 * with the recorded responses.
 *
 * Pause and Next step reuse Step through's gate: while paused, the loop stops before every
 * model request and tool call.
 *
 * A `task` call whose subagent the recording holds (share/subagent-recordings.ts) runs its
 * subagent again: its model is a recorded-responses model of its own playing the subagent's
 * replies at the replay's speed (not counted in "Round-trip N of M"), its calls pass the same
 * gate and approvals, and its results are compared like the session's. An older recording
 * without them answers `task` from the recorded result (session/recorded-tools.ts).
 *
 * Notes (shared/notes.ts): when the replay reaches a step with a note (a prompt it sends, a
 * round-trip it starts, a reply's first text, a tool call), the note becomes the state's
 * `caption`; with Pause at notes, the replay also pauses there until Play or Next step.
 */
import type { AgentEvent, SteeringInbox } from '../../agent/types';
import { createRecordedModel } from '../../model/scripted/recorded-model';
import type { RecordedModel } from '../../model/scripted/recorded-model';
import { recordedResultsByTool, replayPlan, replayPlanFrom } from '../../share/replay-plan';
import type { ReplayPlan, ReplayStep } from '../../share/replay-plan';
import type { LanguageModel } from '../../model/types';
import type { Content } from '../../shared/content';
import type { AppError } from '../../shared/errors';
import { anchorKey } from '../../shared/notes';
import type { NoteAnchor } from '../../shared/notes';
import type { LoopscopeDb } from '../../store/db';
import { listFiles } from '../../store/files';
import { setSessionApprovalMode } from '../../store/sessions';
import { getSharedSession, resetSession } from '../../store/shared-sessions';
import type { SessionRecord } from '../../store/types';
import type { WorkerEvent } from '../protocol';
import type { ReplayCommand, ReplaySpeed, ReplayState } from '../../shared/replay';
import type { SessionRuntime } from '../session/session-runtime';
import { recordedSteering } from './replay-steering';
import { recordedSubagentsOf, subagentModels, subagentPlans } from './replay-subagents';
import type { PromptImage } from '../../shared/prompt-images';

/** Pause between streamed chunks at each speed. */
export const CHUNK_DELAY_MS: Record<ReplaySpeed, number> = { '0.5': 80, '1': 40, '2': 20, instant: 0 };
export const REPLAY_MODEL_NAME = 'recorded-session';

export interface Replay {
  readonly sessionId: string;
  readonly model: RecordedModel;
  /** The recorded results of each tool, in order (the stand-ins of tools that ran elsewhere answer these). */
  readonly recordedByTool: Map<string, Record<string, unknown>[]>;
  /** The recording's steering messages: each is there to take once as many responses of its step were played as when it joined. */
  readonly steering: SteeringInbox;
  /** True while the loop should stop before every step (Pause, Next step). */
  paused(): boolean;
  /** Every agent event of the replayed session passes here (tool results are compared). */
  observe(event: AgentEvent): void;
  /** The model that plays the recorded subagent of this `task` call; undefined when the recording holds none. */
  subagentModel(callId: string): LanguageModel | undefined;
  /** Every event of a subagent run again passes here (its calls' results are compared). */
  observeSubagent(event: AgentEvent): void;
  /** Play, pause, speed; Next step also lets the step waiting now go on. */
  command(command: ReplayCommand): void;
  /** The session is being left: the replay ends without another step. */
  cancel(): void;
}

/** What the replay needs of the session controller. */
export interface ReplayHost {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  current(): SessionRuntime | null;
  /** Stops the run in progress, if any. */
  stop(): Promise<void>;
  /** Reopens the session with `replay` active (its model answers). */
  reopen(session: SessionRecord, replay: Replay): Promise<void>;
  /** Runs one prompt (null: Continue) as a run of its own; false when it was stopped. */
  runPrompt(runtime: SessionRuntime, text: string | null, images?: PromptImage[]): Promise<boolean>;
  /** The replay of a session that is not shared (Replay from here in a fork) ended: the person's own model answers again. */
  finished?(sessionId: string): Promise<void>;
  /** Lets the step waiting at the gate (if any) go on. */
  releasePause(): void;
}

const describe = (response: Record<string, unknown>) => {
  const text = typeof response['output'] === 'string' ? response['output'] : typeof response['error'] === 'string' ? `Error: ${response['error']}` : JSON.stringify(response);
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
};

interface ActiveReplay extends Replay {
  state: ReplayState;
  /** The replay reached this step (a note key): its note, if any, is shown (and paused at). */
  reached(anchor: NoteAnchor): void;
  /** The replay reached the person's next message, a prompt or a steering message: counted together, as the transcript does. */
  reachedMessage(): void;
  /** How the last prompt's interaction ended, when not completed or cancelled. */
  failed: string | null;
  /** The step about to play: its responses go to the model, its steering messages to the inbox. */
  load(step: ReplayStep): void;
  publish(): void;
  cancelled(): boolean;
}

function createReplay(
  host: ReplayHost,
  sessionId: string,
  plan: ReplayPlan,
  initialSpeed: ReplaySpeed,
  notes: Readonly<Record<string, string>>,
  pauseAtNotes: boolean,
  subagents: Readonly<Record<string, Content[]>> = {},
): ActiveReplay {
  let cancelled = false;
  let speed = initialSpeed;
  const nested = subagentPlans(subagents);
  // Reads the model, made below: its responses played of the step loaded say which messages are due.
  const steering = recordedSteering(() => replay.model.remaining());
  const differs = (callId: string, response: Record<string, unknown>, results: ReadonlyMap<string, Record<string, unknown>>) => {
    const recorded = results.get(callId);
    if (!recorded || JSON.stringify(recorded) === JSON.stringify(response)) return;
    replay.state = { ...replay.state, differs: [...replay.state.differs, { callId, recorded: describe(recorded) }] };
    replay.publish();
  };
  const count = { roundTrips: 0, replies: 0, messages: 0 };
  let replied = false;
  const replay: ActiveReplay = {
    sessionId,
    // A `task` call whose subagent runs again takes no recorded answer (the stand-in answers the others, in order); its subagent's MCP calls do.
    recordedByTool: recordedResultsByTool(plan, nested.plans),
    load(step) {
      replay.model.load(step.responses);
      steering.load(step);
    },
    steering,
    state: { status: 'playing', roundTrip: 0, total: plan.total, speed, differs: [], pauseAtNotes },
    failed: null,
    model: createRecordedModel({
      delayMs: () => CHUNK_DELAY_MS[speed],
      onResponse: () => {
        replay.state = { ...replay.state, roundTrip: replay.state.roundTrip + 1 };
        replay.publish();
      },
    }),
    publish: () => host.post({ type: 'replay', sessionId, state: replay.state }),
    paused: () => replay.state.status === 'paused',
    cancelled: () => cancelled,
    reached(anchor) {
      const note = Object.hasOwn(notes, anchorKey(anchor)) ? notes[anchorKey(anchor)] : undefined;
      if (note === undefined) return;
      const pause = replay.state.pauseAtNotes === true && replay.state.status === 'playing';
      replay.state = { ...replay.state, caption: note, ...(pause ? { status: 'paused' as const } : {}) };
      replay.publish();
    },
    reachedMessage() {
      replay.reached({ kind: 'message', ordinal: ++count.messages });
    },
    observe(event: AgentEvent) {
      if (event.type === 'steering_joined') return event.value.messages.forEach(() => replay.reachedMessage());
      if (event.type === 'interaction_end' && event.value.outcome !== 'completed' && event.value.outcome !== 'cancelled') replay.failed = event.value.outcome;
      if (event.type === 'round_trip_start') {
        replied = false;
        return replay.reached({ kind: 'round-trip', ordinal: ++count.roundTrips });
      }
      if (event.type === 'content' && !replied && event.value.trim() !== '') {
        replied = true;
        return replay.reached({ kind: 'reply', ordinal: ++count.replies });
      }
      if (event.type === 'tool_call_request') return replay.reached({ kind: 'call', callId: event.value.callId });
      if (event.type === 'tool_call_response') differs(event.value.callId, event.value.response, plan.results);
    },
    subagentModel: subagentModels(nested.replies, () => CHUNK_DELAY_MS[speed]),
    observeSubagent(event) {
      if (event.type === 'tool_call_response') differs(event.value.callId, event.value.response, nested.results);
    },
    command(command: ReplayCommand) {
      if (replay.state.status !== 'playing' && replay.state.status !== 'paused') return;
      switch (command.kind) {
        case 'play':
          replay.state = { ...replay.state, status: 'playing' };
          host.releasePause();
          break;
        case 'pause':
          replay.state = { ...replay.state, status: 'paused' };
          break;
        case 'next-step':
          replay.state = { ...replay.state, status: 'paused' };
          host.releasePause();
          break;
        case 'speed':
          speed = command.speed;
          replay.state = { ...replay.state, speed };
          break;
        case 'pause-at-notes':
          replay.state = { ...replay.state, pauseAtNotes: command.on };
          break;
        case 'start':
        case 'from-here':
          return; // a replay in progress is restarted by startReplay, not here
      }
      replay.publish();
    },
    cancel() {
      cancelled = true;
    },
  };
  return replay;
}

/**
 * Starts replaying the open shared session; answers once it is playing (the prompts run
 * after, one run each, so Stop ends the replay).
 */
export async function startReplay(host: ReplayHost, speed: ReplaySpeed = '1', pauseAtNotes = false): Promise<{ error?: AppError }> {
  const runtime = host.current();
  if (!runtime) return { error: { kind: 'no-session', message: 'No session is open yet.' } };
  const session = runtime.session;
  const shared = await getSharedSession(host.db, session.id);
  if (!shared.ok) return { error: shared.error };
  if (!shared.value) return { error: { kind: 'not-shared', message: 'Only a session opened from a link or a session file can be replayed.' } };
  const plan = replayPlan(shared.value.recordedHistory);
  if (plan.total === 0) return { error: { kind: 'nothing-to-replay', message: 'This session has no recorded model responses to replay.' } };
  await host.stop();
  const subagents = await recordedSubagentsOf(host.db, shared.value, session.id);
  if (!subagents.ok) return { error: subagents.error };
  let files = shared.value.startFiles;
  if (!files) {
    const stored = await listFiles(host.db, session.id);
    if (!stored.ok) return { error: stored.error };
    files = stored.value.map((file) => ({ path: file.path, content: file.content }));
    host.post({ type: 'notice', level: 'warning', message: "The sender's starting files are not in this session, so the replay starts from its final files." });
  }
  const reset = await resetSession(host.db, session.id, { history: plan.initial, files });
  if (!reset.ok) return { error: reset.error };
  await setSessionApprovalMode(host.db, session.id, 'ask');
  const replay = createReplay(host, session.id, plan, speed, session.notes ?? {}, pauseAtNotes, subagents.value);
  return play(host, { ...session, approvalMode: 'ask' }, replay, plan);
}

/**
 * Replay from here, in a fork of a recorded session that ends where the recording goes on: the
 * recorded responses that followed play through the loop (asking before every write and
 * command, as any replay does), then the recording's later prompts. The fork's files stay as
 * they are; nothing is reset.
 */
export async function startReplayFromHere(host: ReplayHost, speed: ReplaySpeed = '1', pauseAtNotes = false): Promise<{ error?: AppError }> {
  const runtime = host.current();
  if (!runtime) return { error: { kind: 'no-session', message: 'No session is open yet.' } };
  const session = runtime.session;
  const origin = session.forkedFrom;
  if (!origin?.recording) return { error: { kind: 'not-shared', message: 'Replay from here is for forks of a recorded (shared) session.' } };
  if (origin.edit) return { error: { kind: 'edited', message: 'This fork changed what the model saw, so the recording does not follow from it: press Continue to let your model answer.' } };
  const shared = await getSharedSession(host.db, origin.sessionId);
  if (!shared.ok) return { error: shared.error };
  if (!shared.value) return { error: { kind: 'not-found', message: 'The recorded session this fork came from was deleted, so there is nothing to replay.' } };
  const history = runtime.agent.history();
  const plan = replayPlanFrom(shared.value.recordedHistory, history.length);
  if (plan.total === 0) return { error: { kind: 'nothing-to-replay', message: 'The recording ends here: there is nothing more to replay.' } };
  await host.stop();
  const subagents = await recordedSubagentsOf(host.db, shared.value, origin.sessionId);
  if (!subagents.ok) return { error: subagents.error };
  const replay = createReplay(host, session.id, plan, speed, {}, pauseAtNotes, subagents.value);
  return play(host, session, replay, plan, () => host.finished?.(session.id));
}

/** Reopens the session with the replay's model and Ask every time, and plays the plan's steps behind the answer. */
async function play(host: ReplayHost, session: SessionRecord, replay: ActiveReplay, plan: ReplayPlan, after?: () => void): Promise<{ error?: AppError }> {
  await host.reopen(session, replay);
  const replaying = host.current();
  if (!replaying) return { error: { kind: 'no-session', message: 'The session could not be reopened for the replay.' } };
  replaying.agent.setApprovalMode('ask');
  replaying.agent.updateSettings({ model: REPLAY_MODEL_NAME, loopHeuristics: false, nextSpeakerCheck: false });
  replay.publish();
  void drive(host, replaying, replay, plan).then(after);
  return {};
}

async function drive(host: ReplayHost, runtime: SessionRuntime, replay: ActiveReplay, plan: ReplayPlan): Promise<void> {
  for (const step of plan.steps) {
    if (replay.cancelled()) return;
    if (step.text !== null) {
      host.post({ type: 'user-message', sessionId: replay.sessionId, text: step.text, ...(step.images ? { images: step.images } : {}) });
      replay.reachedMessage();
    }
    replay.load(step);
    const completed = await host.runPrompt(runtime, step.text, step.images);
    if (replay.cancelled()) return;
    if (!completed || replay.failed) {
      const message = completed ? `The replay stopped: the loop ended with “${replay.failed}”.` : 'The replay was stopped.';
      replay.state = { ...replay.state, status: completed ? 'failed' : 'stopped', message };
      return replay.publish();
    }
  }
  replay.state = { ...replay.state, status: 'done' };
  replay.publish();
}
