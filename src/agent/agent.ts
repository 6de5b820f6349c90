/**
 * The agent: a session of interactions over injected dependencies (STYLE.md §3).
 *
 * The outer loop owns the `while` (A1): send a turn; if the model called tools, run
 * them and send their results; otherwise ask the continuations (output recovery B10, the
 * Stop hook J2–J3, the next-speaker check J5) whether to go
 * on. Everything else lives one call down: client.ts (one turn), turn.ts (stream → events),
 * chat/ (one model call with retries), scheduler/ (tools), tool-round.ts (results).
 */
import { isAbortError, messageOf } from '../shared/errors';
import { sendTurn } from './client';
import type { OutgoingMessage } from './client';
import { startTokenLimitLookUp } from './context-usage';
import { compressHistory } from './context-window';
import { admitPrompt, continuationBudget, nextContinuation } from './continuation';
import type { Continuation } from './continuation';
import { detectTurnInterruption, resumeParts } from './history/interruption';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './history/orphan-repair';
import { unscheduledErrorView } from './scheduler/validation';
import { commitHistory, createSession } from './session';
import type { Session } from './session';
import { runToolRound } from './tool-round';
import type { Agent, AgentDependencies, AgentInput, ApprovalMode, CompressionStatus, InteractionOutcome } from './types';
import { mentionedFilesPart } from './workspace-context';

export function createAgent(deps: AgentDependencies): Agent {
  const session = createSession(deps);
  let running = false;

  async function run(input: AgentInput, signal: AbortSignal): Promise<InteractionOutcome> {
    if (running) {
      deps.emit({ type: 'error', value: { error: { kind: 'busy', message: 'The agent is already working on a request.' } } });
      return 'error';
    }
    running = true;
    const settings = { ...session.settings };
    session.interaction = { id: deps.newId(), model: settings.model, settings, signal, modelInfoSent: false };
    startTokenLimitLookUp(session);
    let outcome: InteractionOutcome;
    try {
      outcome = await runInteraction(session, input);
    } catch (thrown) {
      outcome = reportThrown(session, thrown);
    } finally {
      running = false;
    }
    deps.emit({ type: 'interaction_end', value: { outcome } });
    return outcome;
  }

  function setApprovalMode(mode: ApprovalMode): void {
    session.settings.approvalMode = mode;
    session.interaction.settings.approvalMode = mode;
    session.scheduler.onApprovalModeChanged();
  }

  return {
    run,
    history: () => session.history,
    interruption: () => detectTurnInterruption(session.history),
    setApprovalMode,
    updateSettings(settings) {
      // Model and settings are frozen per interaction (A16): the rest applies from the next one; the approval mode applies now.
      const { approvalMode, ...rest } = settings;
      Object.assign(session.settings, rest);
      if (approvalMode) setApprovalMode(approvalMode);
    },
    disableLoopDetection: () => session.loopDetector.disable(),
    // Manual compression between interactions; while one runs, auto-compression is in charge.
    // A run meanwhile is refused as busy: the compressed history would overwrite what it added.
    async compress(signal) {
      if (running) return 'NOOP';
      running = true;
      try {
        return await compressManually(session, signal);
      } finally {
        running = false;
      }
    },
  };
}

/** One interaction, start to end. Every `return` names how it ended. */
async function runInteraction(session: Session, input: AgentInput): Promise<InteractionOutcome> {
  const admitted = await admit(session, input);
  if (admitted.type === 'end') return admitted.outcome;
  const budget = continuationBudget(session);
  let message: OutgoingMessage = admitted.message;
  for (;;) {
    const turn = await sendTurn(session, message);
    if (turn.type === 'end') return turn.outcome;
    if (turn.calls.length > 0) {
      const stopped = await runToolRound(session, turn.calls, turn.finishReason);
      if (stopped) return stopped;
      message = { kind: 'stored' };
      continue;
    }
    const next = await nextContinuation(session, budget, turn.finishReason);
    if (next.type === 'end') return next.outcome;
    message = next.message;
  }
}


/** A user query (BeforeAgent hook, J1) or `Continue` on an interrupted session (G1, G2). */
async function admit(session: Session, input: AgentInput): Promise<Continuation> {
  const { interaction } = session;
  session.loopDetector.resetForUserQuery({ heuristics: interaction.settings.loopHeuristics ?? false });
  session.warner.resetTurn();
  session.compressor.resetTurn();
  if (input.type === 'continue') {
    const resume = resumeParts(detectTurnInterruption(session.history));
    if (!resume) return { type: 'end', outcome: 'completed' };
    // `retry`: the interrupted prompt already ends the stored history; it is sent as is,
    // never pushed twice. `tool_result`: the dangling calls are answered first.
    if (resume.type === 'tool_result') {
      await commitHistory(session, [...session.history, { role: 'user', parts: resume.parts }]);
      emitOrphanCards(session);
    }
    return { type: 'send', message: { kind: 'stored' } };
  }
  // The files the message mentions (`@path`) go with it, read as they are now.
  const mentioned = await mentionedFilesPart(session, input.text);
  return admitPrompt(session, input.text, mentioned ? [mentioned] : []);
}

async function compressManually(session: Session, signal: AbortSignal): Promise<CompressionStatus> {
  const { deps } = session;
  session.interaction = { ...session.interaction, id: deps.newId(), model: session.settings.model, signal };
  session.compressor.resetTurn();
  try {
    const status = await compressHistory(session, true, signal);
    return status === 'rapid_refill_blocked' ? 'NOOP' : status;
  } catch (thrown) {
    if (!isAbortError(thrown)) deps.emit({ type: 'error', value: { error: { kind: 'compression', message: messageOf(thrown) } } });
    return 'NOOP';
  }
}

/** After Continue on an interrupted turn (G1), the cards of the calls it answered as never run say what the model was told. */
function emitOrphanCards(session: Session): void {
  const calls = session.history.at(-2)?.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall] : [])) ?? [];
  const views = calls.map(({ id, name, args }, index) =>
    unscheduledErrorView(session.deps.tools, { callId: id ?? '', name, args: args ?? {}, index }, ORPHAN_TOOL_USE_REPAIR_REASON),
  );
  if (views.length > 0) session.deps.emit({ type: 'tool_calls_update', value: views });
}

/** A bug or a failing store: reported as an error event, never thrown out of `run`; the prompt stays stored (A11, B8). */
function reportThrown(session: Session, thrown: unknown): InteractionOutcome {
  if (isAbortError(thrown) || session.interaction.signal.aborted) {
    session.deps.emit({ type: 'user_cancelled' });
    return 'cancelled';
  }
  session.deps.emit({ type: 'error', value: { error: { kind: 'internal', message: `The agent stopped unexpectedly: ${messageOf(thrown)}` } } });
  return 'error';
}
