/**
 * The Loop inspector's Diagram (issue 39), as data: the states of the loop (prompt → model
 * request → streaming → each tool call through the scheduler's seven states → the next request,
 * or the end), how often the session took each edge between them, the marks (retries,
 * compression, loop guards), and the state the loop is in now.
 *
 * Counts are read from the stored round-trips and their notes (what the List and the Timeline
 * read): a tool edge counts once per call that took it (a call's steps, in order), and a
 * result's edge to the next request or to the end once per call whose result went there. The
 * session's own turns only: a compression summarizer's or a next-speaker check's round-trip is
 * no step of the loop (compression is a mark), and a subagent's round-trips are its `task`
 * call's business.
 *
 * The current state is live: `liveLoopStep` folds the worker's events for the session (a run,
 * a replay, Step through's pauses) into it. Records are written when a round-trip ends, so the
 * events, not the records, say where a run is now.
 */
import type { PauseStage, WorkerEvent } from '../../worker/protocol';
import type { RoundTripRecord, ToolTimeline } from '../../store/types';
import type { InteractionOutcome, ToolCallStatus } from '../../agent/types';
import { groupRoundTrips } from './inspector-model';
import type { InspectorTurn } from './inspector-model';

export type LoopState = 'prompt' | 'model_request' | 'streaming' | ToolCallStatus | 'end';
export type LoopMark = 'retry' | 'compression' | 'loop_guard';
export type LoopNode = LoopState | LoopMark;

/** In the order the loop goes through them (the list's order). */
export const LOOP_STATES: readonly LoopState[] = ['prompt', 'model_request', 'streaming', 'validating', 'awaiting_approval', 'scheduled', 'executing', 'success', 'error', 'cancelled', 'end'];
export const LOOP_MARKS: readonly LoopMark[] = ['retry', 'compression', 'loop_guard'];

const NAMES: Record<LoopNode, string> = {
  prompt: 'Prompt',
  model_request: 'Model request',
  streaming: 'Streaming',
  validating: 'Validating',
  awaiting_approval: 'Awaiting approval',
  scheduled: 'Scheduled',
  executing: 'Executing',
  success: 'Success',
  error: 'Error',
  cancelled: 'Cancelled',
  end: 'End',
  retry: 'Retry',
  compression: 'Compression',
  loop_guard: 'Loop guard',
};

export function nodeName(node: LoopNode): string {
  return NAMES[node];
}

/** Why an interaction ended, as the End state says it. */
export type EndReason = InteractionOutcome;

export interface LoopCounts {
  /** Times the session entered each state. */
  states: Record<LoopState, number>;
  /** Times the session took each edge, keyed `from>to`. */
  edges: Map<string, number>;
  marks: Record<LoopMark, number>;
  /** How the last ended interaction ended; null before any did. */
  lastEnd: EndReason | null;
}

export function edgeKey(from: LoopState, to: LoopState): string {
  return `${from}>${to}`;
}

const FINAL = new Set<ToolCallStatus>(['success', 'error', 'cancelled']);

/** The statuses a call went through, each once in a row (its progress notes repeat `executing`). */
function pathOf(call: ToolTimeline): ToolCallStatus[] {
  const path: ToolCallStatus[] = [];
  for (const step of call.steps) if (path.at(-1) !== step.status) path.push(step.status);
  return path;
}

function endReason(turns: readonly InspectorTurn[]): EndReason {
  const last = turns.at(-1);
  const attempt = last?.attempts.at(-1);
  if (turns.some((turn) => turn.events.some((event) => event.type === 'loop_detected'))) return 'loop_detected';
  if (attempt?.error) return attempt.error.kind === 'aborted' ? 'cancelled' : 'error';
  if (last?.toolCalls.some((call) => call.steps.at(-1)?.status === 'cancelled')) return 'cancelled';
  if (last && last.toolCalls.length > 0) return 'stopped';
  return 'completed';
}

/**
 * What the stored round-trips say the session did. `running`: the last interaction is still
 * going, so it has not ended (its last turn's calls may still have a next request to come).
 */
export function loopCounts(roundTrips: readonly RoundTripRecord[], running = false): LoopCounts {
  const states = Object.fromEntries(LOOP_STATES.map((state) => [state, 0])) as Record<LoopState, number>;
  const marks: Record<LoopMark, number> = { retry: 0, compression: 0, loop_guard: 0 };
  const edges = new Map<string, number>();
  const take = (from: LoopState, to: LoopState, times = 1) => {
    if (times > 0) edges.set(edgeKey(from, to), (edges.get(edgeKey(from, to)) ?? 0) + times);
  };
  let lastEnd: EndReason | null = null;
  const interactions = groupRoundTrips(roundTrips);
  interactions.forEach((interaction, index) => {
    for (const turn of interaction.turns) {
      for (const event of turn.events) {
        if (event.type === 'chat_compressed') marks.compression++;
        if (event.type === 'loop_detected') marks.loop_guard++;
      }
    }
    const turns = interaction.turns.filter((turn) => turn.purpose === 'turn');
    if (turns.length === 0) return;
    const ended = !(running && index === interactions.length - 1);
    states.prompt++;
    take('prompt', 'model_request');
    turns.forEach((turn, position) => {
      const next = position < turns.length - 1;
      marks.retry += turn.attempts.length - 1;
      for (const attempt of turn.attempts) {
        states.model_request++;
        if (attempt.response.length > 0) {
          states.streaming++;
          take('model_request', 'streaming');
        }
      }
      const last = turn.attempts.at(-1)!;
      const from: LoopState = last.response.length > 0 ? 'streaming' : 'model_request';
      if (turn.toolCalls.length === 0) {
        if (next) take(from, 'model_request');
        else if (ended) take(from, 'end');
        return;
      }
      for (const call of turn.toolCalls) {
        const path = pathOf(call);
        if (path.length === 0) continue;
        take('streaming', path[0]!);
        for (const status of path) states[status]++;
        for (let step = 1; step < path.length; step++) take(path[step - 1]!, path[step]!);
        const result = path.at(-1)!;
        if (!FINAL.has(result)) continue;
        if (next) take(result, 'model_request');
        else if (ended) take(result, 'end');
      }
    });
    if (ended) {
      states.end++;
      lastEnd = endReason(turns);
    }
  });
  return { states, edges, marks, lastEnd };
}

/** The loop now, as the worker's events for one session say it. */
export interface LiveLoop {
  /** Null until an event says where the loop is (then the records do: the session at rest). */
  current: LoopNode | null;
  /** An interaction is under way (from the run's start to its `interaction_end`). */
  running: boolean;
  pause: PauseStage | null;
  /** How the last interaction ended, as the worker said it. */
  ended: EndReason | null;
  /** The current tool batch's calls and their statuses, as last seen. */
  calls: Record<string, ToolCallStatus>;
}

export const initialLiveLoop: LiveLoop = { current: null, running: false, pause: null, ended: null, calls: {} };

/** The state the batch is in: a call waiting on the person first, then one running, then one queued; else the last call that changed. */
function batchState(before: Record<string, ToolCallStatus>, views: readonly { callId: string; status: ToolCallStatus }[]): ToolCallStatus | null {
  for (const status of ['awaiting_approval', 'executing', 'scheduled', 'validating'] as const) if (views.some((view) => view.status === status)) return status;
  const changed = views.filter((view) => before[view.callId] !== view.status);
  return (changed.at(-1) ?? views.at(-1))?.status ?? null;
}

function moved(live: LiveLoop, current: LoopNode | null, more: Partial<LiveLoop> = {}): LiveLoop {
  const next = { ...live, ...more, current };
  return next.current === live.current && Object.keys(more).length === 0 ? live : next;
}

/** Folds one worker event into the live loop of `sessionId`; an event that changes nothing returns `live` itself. */
export function liveLoopStep(live: LiveLoop, sessionId: string, event: WorkerEvent): LiveLoop {
  switch (event.type) {
    case 'session-loaded':
      return event.session.sessionId === sessionId ? initialLiveLoop : live;
    case 'user-message':
      return event.sessionId === sessionId ? moved(live, 'prompt', { calls: {}, ended: null }) : live;
    case 'running':
      if (event.sessionId !== sessionId || event.running === live.running) return live;
      return event.running
        ? moved(live, live.current === null || live.current === 'end' ? 'prompt' : live.current, { running: true, ended: null, calls: {} })
        : moved(live, 'end', { running: false, pause: null });
    case 'paused':
      if (event.sessionId !== sessionId) return live;
      if (!event.pause) return live.pause === null ? live : { ...live, pause: null };
      return moved(live, event.pause.stage === 'before_model' ? 'model_request' : 'scheduled', { pause: event.pause });
    case 'agent-event': {
      if (event.sessionId !== sessionId) return live;
      const agentEvent = event.event;
      switch (agentEvent.type) {
        case 'round_trip_start':
          return moved(live, 'model_request', { calls: {} });
        case 'content':
        case 'thought':
          return live.current === 'model_request' ? moved(live, 'streaming') : live;
        case 'tool_calls_update': {
          const views = agentEvent.value;
          const state = batchState(live.calls, views);
          return moved(live, state ?? live.current, { calls: Object.fromEntries(views.map((view) => [view.callId, view.status])) });
        }
        case 'retry':
          return moved(live, 'retry');
        case 'chat_compressed':
          return moved(live, 'compression');
        case 'loop_detected':
          return moved(live, 'loop_guard');
        case 'interaction_end':
          // The interaction is over here, whatever the run does after it (its `running: false` follows, once its records are stored).
          return moved(live, 'end', { ended: agentEvent.value.outcome, running: false, pause: null });
        default:
          return live;
      }
    }
    default:
      return live;
  }
}

/** The state to light: the live one, or, with no event seen, the session at rest (its end, once it made a request). */
export function currentNode(live: LiveLoop, counts: LoopCounts): LoopNode | null {
  if (live.current !== null) return live.current;
  return counts.states.end > 0 ? 'end' : null;
}
