/**
 * The one run a session controller has at a time: work that owns the open session until it
 * ends (the page shows it running, Stop aborts it), and the person's message, answered once the
 * agent says it is stored (`user_message_stored`) or with why it was not (`user_message_refused`,
 * the store's error as data; the page takes the message back into the prompt with it). A run
 * that ends before either (a hook stopped it, the context window is full, Stop) answers with no
 * error: the run said why itself.
 *
 * A run of the person's (a message, Continue) takes steering messages (`steer`) into its inbox;
 * those still there when it ends are posted back (`steering-returned`) before it is said to end.
 */
import type { AgentEvent, AgentInput } from '../../agent/types';
import { messageOf } from '../../shared/errors';
import type { AppError } from '../../shared/errors';
import type { PromptImage } from '../../shared/prompt-images';
import type { LoopscopeDb } from '../../store/db';
import { noteMessage } from '../../store/sessions';
import type { Approvals } from './gates';
import type { WorkerEvent } from '../protocol';
import type { SessionRuntime } from './session-runtime';
import { createSteeringInbox } from './steering-inbox';

export const NO_SESSION: AppError = { kind: 'no-session', message: 'No session is open yet.' };
export const NOT_RUNNING: AppError = { kind: 'not-running', message: 'The agent is not working on a message of yours now.' };

export interface RunSlotOptions {
  db: LoopscopeDb;
  post(event: WorkerEvent): void;
  approvals: Approvals;
  /** The session a run may start in: null while none is open or sessions switch. */
  current(): SessionRuntime | null;
  /** Called as each run ends, its round-trips stored (a provider chosen meanwhile takes over; traces are sent). */
  ended(run: { sessionId: string; startedAt: number }): void;
  /** Awaited as a run starts, before the agent builds its first request (MCP servers still connecting). */
  beforeRun?(): Promise<void>;
}

export function createRunSlot(options: RunSlotOptions) {
  const { db, post } = options;
  let run: { controller: AbortController; done: Promise<void>; steerable: boolean } | null = null;
  /** The steering messages of the run under way (the agent's `steering` dependency). */
  const steering = createSteeringInbox();
  /** The person's message waiting for the agent to say whether it is stored: settled with the refusal, if any. */
  let prompt: ((refused: AppError | undefined) => void) | null = null;
  const settlePrompt = (refused: AppError | undefined) => {
    prompt?.(refused);
    prompt = null;
  };

  /**
   * Work that owns the session until it ends: the page shows it running, Stop aborts it.
   * `steerable`: the run takes steering messages; `completed()` says, as it ends, whether it ended normally (else they are given back).
   */
  function begin<T>(current: SessionRuntime, work: (signal: AbortSignal) => Promise<T>, steerable?: { completed(): boolean }): { done: Promise<T>; signal: AbortSignal } {
    const controller = new AbortController();
    const sessionId = current.session.id;
    const startedAt = Date.now();
    options.approvals.forgetEarly();
    post({ type: 'running', sessionId, running: true });
    // Every run's round-trips (a Compress's summary request too) are stored before it is said to end.
    const done = work(controller.signal)
      .finally(() => current.flushRoundTrips())
      .finally(() => {
        run = null;
        // In the same step as the run's end: a steer from now on is refused, so each message is either given back here or refused.
        const left = steering.drain();
        if (left.length > 0) post({ type: 'steering-returned', sessionId, messages: left, stopped: controller.signal.aborted || !steerable?.completed() });
        options.ended({ sessionId, startedAt });
        post({ type: 'running', sessionId, running: false, interruption: current.agent.interruption() });
      });
    run = { controller, done: done.then(() => undefined, () => undefined), steerable: steerable !== undefined };
    return { done, signal: controller.signal };
  }

  function start(input: AgentInput): { error: AppError } | { current: SessionRuntime; done: Promise<void> } {
    const current = options.current();
    if (!current) return { error: NO_SESSION };
    if (run) return { error: { kind: 'busy', message: 'The agent is still working. Stop it or wait for it to finish.' } };
    let completed = false;
    const { done } = begin(
      current,
      async (signal) => {
        await options.beforeRun?.();
        completed = (await current.agent.run(input, signal)) === 'completed';
      },
      { completed: () => completed },
    );
    done.catch((thrown: unknown) => post({ type: 'notice', level: 'error', message: `The agent stopped unexpectedly: ${messageOf(thrown)}` }));
    return { current, done: done.then(() => undefined, () => undefined) };
  }

  /** The person's message: answered once it is stored, or with why it was not. */
  async function sendMessage(text: string, images: PromptImage[] = []): Promise<{ error?: AppError }> {
    // Waiting before the run starts, so no word of the agent's can come before it.
    let settle: (refused: AppError | undefined) => void = () => undefined;
    const outcome = new Promise<AppError | undefined>((resolve) => (settle = resolve));
    const waiting = prompt; // a message refused as busy leaves the one being answered alone
    prompt = settle;
    const started = start({ type: 'user_query', text, ...(images.length > 0 ? { images } : {}) });
    if ('error' in started) {
      if (prompt === settle) prompt = waiting;
      return { error: started.error };
    }
    // A run that ends before saying (a hook, a full window, Stop) answers this message, and only this one.
    void started.done.then(() => {
      if (prompt !== settle) return;
      prompt = null;
      settle(undefined);
    });
    const refused = await outcome;
    if (refused) return { error: refused };
    // The session moves to the top of the list (commits do not touch it), once its message is stored.
    started.current.session = await noteMessage(db, started.current.session, text);
    return {};
  }

  /** Runs a prompt (null: Continue) as a run of its own and waits for it (a replay's steps); false when it was stopped. */
  async function runPrompt(current: SessionRuntime, text: string | null, images: PromptImage[] = []): Promise<boolean> {
    const input: AgentInput = text === null ? { type: 'continue' } : { type: 'user_query', text, ...(images.length > 0 ? { images } : {}) };
    const { done, signal } = begin(current, (aborted) => current.agent.run(input, aborted));
    await done.catch((thrown: unknown) => post({ type: 'notice', level: 'error', message: `The replay stopped unexpectedly: ${messageOf(thrown)}` }));
    return !signal.aborted;
  }

  async function stop(): Promise<void> {
    if (!run) return;
    run.controller.abort();
    options.approvals.cancelAll();
    await run.done;
  }

  /** A steering message for the run under way, if it is the person's (not a replay's or a Compress). */
  function steer(id: string, text: string, images: PromptImage[] = []): { error?: AppError } {
    if (!run?.steerable) return { error: NOT_RUNNING };
    steering.send({ id, text, ...(images.length > 0 ? { images } : {}) });
    return {};
  }

  return {
    begin,
    start,
    sendMessage,
    steer,
    /** The inbox the agent takes steering messages from. */
    steering,
    runPrompt,
    stop,
    busy: (): boolean => run !== null,
    /** Sees each agent event: the person's message stored or refused answers its send. */
    observe(event: AgentEvent): void {
      if (event.type === 'user_message_stored') settlePrompt(undefined);
      else if (event.type !== 'user_message_refused') return;
      // A replay's prompt has no send to answer: the person is told here.
      else if (prompt) settlePrompt(event.value.error);
      else post({ type: 'notice', level: 'error', message: `A message was not stored: ${event.value.error.message}` });
    },
    idle: async (): Promise<void> => {
      await run?.done;
    },
  };
}

export type RunSlot = ReturnType<typeof createRunSlot>;
