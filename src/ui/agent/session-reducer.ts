/**
 * The agent panel's state: a pure reducer over worker events (STYLE.md §10 — the session
 * hook is this reducer plus a thin hook). No React here, so it is tested in Node.
 */
import type { ApprovalMode, ContextUsage, Interruption, NextSpeakerCheck, RetryInfo, ToolCallView } from '../../agent/types';
import type { Content } from '../../shared/content';
import { hookRunLine } from '../../shared/hook-run';
import type { HookRun } from '../../shared/hook-run';
import { itemsFromHistory } from './history-items';
import type { PageAgentEvent, PauseStage, SharedInfo, WorkerEvent } from '../../worker/protocol';
import type { ReplayState } from '../../shared/replay';
import type { SandboxKind } from '../../shared/sandbox-kind';
import type { PromptImage } from '../../shared/prompt-images';

export type TranscriptItem =
  /** `entryId`: the history entry it shows, once stored (Content.entryId): what a fork from it names. */
  /** `steering`: sent while the agent worked, and joined the run here (agent/steering.ts). */
  /** `images`: attached to the message (shared/prompt-images.ts). */
  | { type: 'user'; id: string; text: string; entryId?: string; steering?: true; images?: PromptImage[] }
  | { type: 'agent'; id: string; text: string; streaming: boolean; entryId?: string }
  | { type: 'thought'; id: string; subject: string; description: string }
  | { type: 'tool'; id: string; call: ToolCallView }
  | { type: 'alert'; id: string; message: string; action?: 'disable-loop-detection' }
  | { type: 'notice'; id: string; message: string; topic?: 'next-speaker' | 'server-tool' };

export interface SessionView {
  sessionId: string | null;
  approvalMode: ApprovalMode | null;
  sandboxKind: SandboxKind | null;
  /** Opened from a share link or a session file: read-only, with Replay and Fork. */
  shared: SharedInfo | null;
  /** The replay of a shared session, while and after it plays. */
  replay: ReplayState | null;
  items: TranscriptItem[];
  running: boolean;
  pause: PauseStage | null;
  interruption: Interruption;
  retry: RetryInfo | null;
  counter: number;
  /** Where the items of the current model response begin (a retry or a block voids them). */
  attemptFrom: number;
  /**
   * A message shown in the transcript that the worker has not taken yet: before the first
   * session is open (the sandbox is still starting) it waits there, and a session that loads
   * meanwhile keeps it at the end of its transcript.
   */
  waitingMessage: string | null;
  /** Another tab has this session open: this tab shows it and writes nothing to it. */
  elsewhere: boolean;
  /** The session opened with its history's tail; the items before it have not arrived yet. */
  earlierPending: boolean;
  /** Items put in front of those the session opened with (the earlier history, once it arrived). */
  prepended: number;
  /** The context meter: the last round-trip's request against the window (null until one reported usage). */
  context: ContextUsage | null;
  /** Steering messages sent and not joined yet, oldest first: the transcript shows them as waiting. */
  steering: WaitingSteer[];
  /** Steering messages the run gave back as it ended (`stopped`: by Stop), said once by `key`. */
  steeringReturned: { texts: string[]; images: PromptImage[]; stopped: boolean; key: number } | null;
}

export interface WaitingSteer {
  id: string;
  text: string;
  images?: PromptImage[];
}

const PANEL_EVENTS = ['session-loaded', 'session-earlier', 'session-elsewhere', 'replay', 'user-message', 'agent-event', 'running', 'paused', 'notice', 'steering-returned'] as const;

/** The worker events the agent panel reads, applied as posted. */
export type PanelEvent = Extract<WorkerEvent, { type: (typeof PANEL_EVENTS)[number] }>;

export function isPanelEvent(event: WorkerEvent): event is PanelEvent {
  return (PANEL_EVENTS as readonly string[]).includes(event.type);
}

/** Worker events, and the page's own: a `notice` it shows, and a message it sends. */
export type SessionAction =
  | PanelEvent
  | { type: 'local-send'; text: string; images?: PromptImage[] }
  /** The worker took the message shown by local-send. */
  | { type: 'send-accepted' }
  /** The worker did not take a message shown by local-send: it leaves the transcript, and an alert says why. */
  | { type: 'send-refused'; text: string; message: string }
  | { type: 'approval-mode'; mode: ApprovalMode }
  /** A steering message sent: it waits in the transcript until it joins, or comes back. */
  | { type: 'steer-local'; id: string; text: string; images?: PromptImage[] }
  /** The worker refused a steering message: it leaves the transcript (the sender gives it back). */
  | { type: 'steer-refused'; id: string }
  /** The prompt took the messages given back under this key (or sent them): a remounted panel does not take them again. */
  | { type: 'steering-returned-handled'; key: number };

export const initialSessionView: SessionView = {
  sessionId: null,
  approvalMode: null,
  sandboxKind: null,
  shared: null,
  replay: null,
  items: [],
  running: false,
  pause: null,
  interruption: { type: 'none' },
  retry: null,
  counter: 0,
  attemptFrom: 0,
  waitingMessage: null,
  elsewhere: false,
  earlierPending: false,
  prepended: 0,
  context: null,
  steering: [],
  steeringReturned: null,
};

function joinText(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return /\s$/.test(a) || /^\s/.test(b) ? a + b : `${a} ${b}`;
}

function endStreaming(items: TranscriptItem[]): TranscriptItem[] {
  const last = items.at(-1);
  if (last?.type === 'agent' && last.streaming) return [...items.slice(0, -1), { ...last, streaming: false }];
  return items;
}

type NewItem = TranscriptItem extends infer Item ? (Item extends TranscriptItem ? Omit<Item, 'id'> : never) : never;

function push(state: SessionView, item: NewItem): SessionView {
  const counter = state.counter + 1;
  const withId = { ...item, id: `i${counter}` } as TranscriptItem;
  return { ...state, counter, items: [...endStreaming(state.items), withId] };
}

function upsertCalls(state: SessionView, calls: ToolCallView[]): SessionView {
  let items = state.items;
  for (const call of calls) {
    const at = items.findIndex((item) => item.type === 'tool' && item.id === call.callId);
    if (at >= 0) {
      items = items.slice();
      items[at] = { type: 'tool', id: call.callId, call };
    } else {
      items = [...endStreaming(items), { type: 'tool', id: call.callId, call }];
    }
  }
  return { ...state, items };
}

/** The current response's text and thoughts, gone: they were never the answer. */
function voidAttempt(state: SessionView): SessionView {
  // What the voided attempt streamed goes: its text, thoughts and the tools the provider ran itself.
  const kept = state.items.filter(
    (item, index) => index < state.attemptFrom || (item.type !== 'agent' && item.type !== 'thought' && !(item.type === 'notice' && item.topic === 'server-tool')),
  );
  return kept.length === state.items.length ? state : { ...state, items: kept };
}

export function retryNotice(retry: RetryInfo): string {
  const seconds = Math.round(retry.delayMs / 100) / 10;
  return `Retrying (attempt ${retry.attempt} of ${retry.maxRetries}) in ${seconds} s: ${retry.message}`;
}

export const NEXT_SPEAKER_ASKING = 'Next-speaker check: asking the model who speaks next…';

function nextSpeakerNotice(check: Extract<NextSpeakerCheck, { phase: 'decided' }>): string {
  const reasoning = check.reasoning ? ` ${check.reasoning}` : '';
  if (check.source === 'failed') return `Next-speaker check could not decide:${reasoning} Your turn.`;
  if (check.nextSpeaker === 'user') return `Next-speaker check: your turn.${reasoning}`;
  return `Next-speaker check: the model goes on${check.source === 'rule' ? ' (no model call needed)' : ''}.${reasoning}`;
}

function stopHookNotice(run: HookRun): string {
  if (run.sentToModel === true) return `${hookRunLine(run)}. Its output was sent to the model, which goes on.`;
  if (run.sentToModel === false) return `${hookRunLine(run)}. The model already went on as often as it may in a row, so the run ends.`;
  return `${hookRunLine(run)}.`;
}

/** The asking notice becomes the verdict, so one check is one line of the transcript. */
function reduceNextSpeaker(state: SessionView, check: NextSpeakerCheck): SessionView {
  if (check.phase === 'asking') return push(state, { type: 'notice', message: NEXT_SPEAKER_ASKING, topic: 'next-speaker' });
  const message = nextSpeakerNotice(check);
  const at = state.items.findLastIndex((item) => item.type === 'notice' && item.topic === 'next-speaker' && item.message === NEXT_SPEAKER_ASKING);
  if (at < 0) return { ...push(state, { type: 'notice', message, topic: 'next-speaker' }), retry: null };
  const items = state.items.slice();
  items[at] = { type: 'notice', id: items[at]!.id, message, topic: 'next-speaker' };
  return { ...state, items, retry: null };
}

/**
 * The stored entry's id on the items that show it: the person's message is the last one not yet
 * stored (a second is not sent before the first is); a reply, every text of the current attempt
 * (a reply's text may come before and after its calls). A continued reply (A17) is the same
 * entry: the continuation's text gets the id its start has.
 */
function entryStored(state: SessionView, { entryId, kind }: { entryId: string; kind: 'message' | 'reply' }): SessionView {
  if (kind === 'message') {
    const at = state.items.findLastIndex((item) => item.type === 'user' && item.entryId === undefined);
    if (at < 0) return state;
    const items = state.items.slice();
    items[at] = { ...(items[at] as Extract<TranscriptItem, { type: 'user' }>), entryId };
    return { ...state, items };
  }
  let changed = false;
  const items = state.items.map((item, index) => {
    if (index < state.attemptFrom || item.type !== 'agent' || item.entryId !== undefined) return item;
    changed = true;
    return { ...item, entryId };
  });
  return changed ? { ...state, items } : state;
}

/** Steering messages that joined: each shows where it joined, marked, and no longer waits. */
function steeringJoined(state: SessionView, messages: { id: string; entryId: string; text: string }[]): SessionView {
  const ids = new Set(messages.map((message) => message.id));
  const images = new Map(state.steering.flatMap((waiting) => (waiting.images ? [[waiting.id, waiting.images] as const] : [])));
  let next: SessionView = { ...state, steering: state.steering.filter((waiting) => !ids.has(waiting.id)) };
  for (const message of messages) {
    const attached = images.get(message.id);
    next = push(next, { type: 'user', text: message.text, steering: true, ...(message.entryId ? { entryId: message.entryId } : {}), ...(attached ? { images: attached } : {}) });
  }
  return next;
}

function reduceAgentEvent(state: SessionView, event: PageAgentEvent): SessionView {
  switch (event.type) {
    case 'entry_stored':
      return entryStored(state, event.value);
    case 'steering_joined':
      return steeringJoined(state, event.value.messages);
    case 'content': {
      const last = state.items.at(-1);
      if (last?.type === 'agent' && last.streaming) {
        const items = state.items.slice();
        items[items.length - 1] = { ...last, text: last.text + event.value };
        return { ...state, items, retry: null };
      }
      return { ...push(state, { type: 'agent', text: event.value, streaming: true }), retry: null };
    }
    case 'thought': {
      // Thought summaries stream in pieces: a piece without a new subject continues the last one.
      const last = state.items.at(-1);
      if (last?.type === 'thought' && (!event.value.subject || event.value.subject === last.subject)) {
        const items = state.items.slice();
        items[items.length - 1] = { ...last, description: joinText(last.description, event.value.description) };
        return { ...state, items };
      }
      return push(state, { type: 'thought', subject: event.value.subject, description: event.value.description });
    }
    case 'tool_calls_update':
      return upsertCalls(state, event.value);
    case 'retry':
      // A9: the failed attempt's text and thoughts are discarded.
      return { ...push(voidAttempt(state), { type: 'notice', message: retryNotice(event.value) }), retry: event.value };
    case 'error':
      return push(state, { type: 'alert', message: event.value.error.message });
    case 'loop_detected':
      return push(state, {
        type: 'alert',
        message: `Loop detected (${event.value.loopType.replace(/_/g, ' ')}). The agent was stopped.${event.value.detail ? ` ${event.value.detail}` : ''}`,
        action: 'disable-loop-detection',
      });
    case 'invalid_stream':
      return push(state, { type: 'alert', message: `The model gave no usable answer (${event.value.type}): ${event.value.message}` });
    case 'context_window_will_overflow':
      return push(state, {
        type: 'alert',
        message: `This message would not fit the model's context (${event.value.estimatedRequestTokenCount} tokens needed, ${event.value.remainingTokenCount} left). Compress the chat or start a new session.`,
      });
    case 'user_cancelled':
      return push(state, { type: 'notice', message: 'Request cancelled.' });
    case 'chat_compressed':
      return push(
        // The next request holds the compressed history: the meter shows its (estimated) size.
        state.context ? { ...state, context: { ...state.context, promptTokenCount: event.value.newTokenCount } } : state,
        { type: 'notice', message: `Chat compressed from ${event.value.originalTokenCount} to ${event.value.newTokenCount} tokens.` },
      );
    case 'context_usage':
      return { ...state, context: event.value };
    case 'model_anomaly_warning':
      return push(state, { type: 'notice', message: event.value.message });
    case 'next_speaker_check':
      return reduceNextSpeaker(state, event.value);
    case 'hook_run':
      // After each edit shows on its call's card (the view's hookRun); Before stopping run is a line of its own.
      return event.value.hook === 'before_stop' ? push(state, { type: 'notice', message: stopHookNotice(event.value) }) : state;
    case 'server_tool_call':
      return push(state, { type: 'notice', message: event.value.summary, topic: 'server-tool' });
    case 'citation':
      // Plain text: the model's URIs are shown, never followed or rendered as markup.
      return push(state, { type: 'notice', message: event.value });
    case 'agent_execution_stopped':
      return push(state, { type: 'notice', message: event.value.systemMessage ?? event.value.reason });
    case 'agent_execution_blocked': {
      const kept = event.value.replacesResponse ? voidAttempt(state) : state;
      return push(kept, { type: 'notice', message: event.value.systemMessage ?? event.value.reason });
    }
    case 'max_session_turns':
      return push(state, { type: 'alert', message: 'This session reached its turn limit. Start a new session to go on.' });
    case 'round_trip_start':
      // A new attempt started: the retry it waited for is over.
      return { ...state, items: endStreaming(state.items), attemptFrom: state.items.length, retry: null };
    case 'finished':
    case 'round_trip_end':
      return { ...state, items: endStreaming(state.items) };
    case 'interaction_end':
      return { ...state, items: endStreaming(state.items), retry: null, interruption: { type: 'none' } };
  }
}

export function sessionReducer(state: SessionView, action: SessionAction): SessionView {
  switch (action.type) {
    case 'session-loaded': {
      const from = action.session.historyFrom ?? 0;
      const items = itemsFromHistory(action.session.history, from, action.session.cards);
      const loaded: SessionView = {
        ...initialSessionView,
        sessionId: action.session.sessionId,
        approvalMode: action.session.approvalMode,
        sandboxKind: action.session.sandboxKind,
        shared: action.session.shared ?? null,
        items,
        attemptFrom: items.length,
        interruption: action.session.interruption,
        elsewhere: action.session.elsewhere === true,
        earlierPending: from > 0,
        // Given back as the last session's run stopped for the switch, and not taken yet: the prompt still takes them.
        steeringReturned: state.steeringReturned,
      };
      if (state.waitingMessage === null) return loaded;
      // The message sent before the session was open runs in it next.
      const withMessage = push(loaded, { type: 'user', text: state.waitingMessage });
      return { ...withMessage, waitingMessage: state.waitingMessage, attemptFrom: withMessage.items.length };
    }
    case 'session-earlier': {
      if (action.sessionId !== state.sessionId || !state.earlierPending) return state;
      const earlier = itemsFromHistory(JSON.parse(action.history) as Content[], 0, action.cards);
      const { length } = earlier;
      return { ...state, items: [...earlier, ...state.items], earlierPending: false, prepended: length, attemptFrom: state.attemptFrom + length };
    }
    case 'approval-mode':
      return { ...state, approvalMode: action.mode };
    case 'local-send':
      return { ...push(state, { type: 'user', text: action.text, ...(action.images ? { images: action.images } : {}) }), interruption: { type: 'none' }, waitingMessage: action.text };
    case 'send-accepted':
      return { ...state, waitingMessage: null };
    case 'steer-local':
      return { ...state, steering: [...state.steering, { id: action.id, text: action.text, ...(action.images ? { images: action.images } : {}) }] };
    case 'steer-refused':
      return { ...state, steering: state.steering.filter((waiting) => waiting.id !== action.id) };
    case 'steering-returned': {
      if (action.sessionId !== state.sessionId) return state;
      const ids = new Set(action.messages.map((message) => message.id));
      const texts = action.messages.map((message) => message.text);
      // The images stay in the page while their message waits: they come back with it.
      const images = state.steering.filter((waiting) => ids.has(waiting.id)).flatMap((waiting) => waiting.images ?? []);
      return { ...state, steering: state.steering.filter((waiting) => !ids.has(waiting.id)), steeringReturned: { texts, images, stopped: action.stopped, key: (state.steeringReturned?.key ?? 0) + 1 } };
    }
    case 'steering-returned-handled':
      return state.steeringReturned?.key === action.key ? { ...state, steeringReturned: null } : state;
    case 'session-elsewhere':
      return action.sessionId === state.sessionId ? { ...state, elsewhere: true } : state;
    case 'replay':
      return action.sessionId === state.sessionId ? { ...state, replay: action.state } : state;
    case 'user-message':
      return action.sessionId === state.sessionId ? { ...push(state, { type: 'user', text: action.text, ...(action.images ? { images: action.images } : {}) }), interruption: { type: 'none' } } : state;
    case 'send-refused': {
      const at = state.items.findLastIndex((item) => item.type === 'user' && item.text === action.text);
      const items = at < 0 ? state.items : [...state.items.slice(0, at), ...state.items.slice(at + 1)];
      return push({ ...state, items, waitingMessage: null }, { type: 'alert', message: `Your message was not sent: ${action.message}` });
    }
    case 'running': {
      const next = { ...state, running: action.running, pause: action.running ? state.pause : null };
      return action.interruption ? { ...next, interruption: action.interruption } : next;
    }
    case 'paused':
      return { ...state, pause: action.pause };
    case 'agent-event':
      return reduceAgentEvent(state, action.event);
    case 'notice':
      return push(state, action.level === 'error' ? { type: 'alert', message: action.message } : { type: 'notice', message: action.message });
  }
}
