/**
 * The agent: a session of interactions over injected dependencies (STYLE.md §3).
 *
 * The outer loop owns the `while` (A1): send a turn; if the model called tools, run
 * them and send their results; otherwise ask the continuations (output recovery B10, the
 * Stop hook J2–J3, the next-speaker check J5) whether to go on. At both boundaries the
 * person's steering messages join first (steering.ts). Everything else lives one
 * call down: session.ts (the services and state each step gets, as a `Run`), turn/ (one turn:
 * send-turn.ts around the model call, model-call.ts the call and its hooks, reply-stream.ts the
 * stream read into events), chat/ (one model call with retries), tool-round/ (a batch of calls
 * and their results), scheduler/ (running the calls), continuation.ts (what follows a reply
 * without calls), compression/ (keeping the history inside the window).
 */
import { isAbortError, messageOf } from '../shared/errors';
import { compressHistory } from './compression/context-window';
import { startTokenLimitLookUp } from './context-usage';
import { admitPrompt, continuationBudget, nextContinuation } from './continuation';
import type { Continuation } from './continuation';
import { detectTurnInterruption, resumeParts } from './history/interruption';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './history/orphan-repair';
import { unscheduledErrorView } from './scheduler/validation';
import { CommitRefused, commitHistory, createSession, settleStoring } from './session';
import { refusePrompt } from './turn/store-turn';
import type { Run } from './session';
import { withSubagents } from './subagent/subagents';
import { runToolRound } from './tool-round/tool-round';
import { joinSteering } from './steering';
import { sendTurn } from './turn/send-turn';
import type { OutgoingMessage } from './turn/send-turn';
import type { Agent, AgentDependencies, AgentInput, ApprovalMode, CompressionStatus, InteractionOutcome } from './types';
import { mentionedFilesPart } from './workspace-context';
import { promptImageParts } from '../shared/prompt-images';

export function createAgent(dependencies: AgentDependencies): Agent {
  // One set of what the person allowed for the session, which its subagents share.
  const given = dependencies.allowedTools ? dependencies : { ...dependencies, allowedTools: new Set<string>() };
  // The `task` tool (subagent/), when asked for: it reads the interaction's model and the approval mode as they are when it runs.
  const subagents = withSubagents(given, { model: () => session.current().interaction.model, approvalMode: () => state.settings.approvalMode }, createAgent);
  const deps = subagents.deps;
  const session = createSession(deps);
  const { services, state } = session;
  let running = false;

  async function run(input: AgentInput, signal: AbortSignal): Promise<InteractionOutcome> {
    if (running) {
      deps.emit({ type: 'error', value: { error: { kind: 'busy', message: 'The agent is already working on a request.' } } });
      return 'error';
    }
    running = true;
    const settings = { ...state.settings };
    const current = session.begin({ id: deps.newId(), model: settings.model, settings, signal, modelInfoSent: false, awaitingPrompt: input.type === 'user_query' });
    startTokenLimitLookUp(current);
    let outcome: InteractionOutcome;
    try {
      outcome = await settled(current, await runInteraction(current, input));
    } catch (thrown) {
      await settleStoring(current).catch(() => undefined);
      outcome = reportThrown(current, thrown);
    } finally {
      running = false;
    }
    deps.emit({ type: 'interaction_end', value: { outcome } });
    return outcome;
  }

  function setApprovalMode(mode: ApprovalMode): void {
    state.settings.approvalMode = mode;
    session.current().interaction.settings.approvalMode = mode;
    services.scheduler.onApprovalModeChanged();
    subagents.approvalModeChanged(mode);
  }

  return {
    run,
    history: () => state.history,
    interruption: () => detectTurnInterruption(state.history),
    setApprovalMode,
    updateSettings(settings) {
      // Model and settings are frozen per interaction (A16): the rest applies from the next one; the approval mode applies now.
      const { approvalMode, ...rest } = settings;
      Object.assign(state.settings, rest);
      if (approvalMode) setApprovalMode(approvalMode);
    },
    disableLoopDetection: () => services.loopDetector.disable(),
    // Manual compression between interactions; while one runs, auto-compression is in charge.
    // A run meanwhile is refused as busy: the compressed history would overwrite what it added.
    async compress(signal) {
      if (running) return 'NOOP';
      running = true;
      try {
        const last = session.current().interaction;
        return await compressManually(session.begin({ ...last, id: deps.newId(), model: state.settings.model, signal, awaitingPrompt: false }));
      } finally {
        running = false;
      }
    },
  };
}

/** One interaction, start to end. Every `return` names how it ended. */
async function runInteraction(run: Run, input: AgentInput): Promise<InteractionOutcome> {
  const admitted = await admit(run, input);
  if (admitted.type === 'end') return admitted.outcome;
  // Continue and a fork's calls resume at a boundary (after results, or an unanswered prompt): a waiting steering message joins first.
  if (input.type !== 'user_query') await joinSteering(run);
  const budget = continuationBudget(run);
  let message: OutgoingMessage = admitted.message;
  for (;;) {
    const turn = await sendTurn(run, message);
    if (turn.type === 'end') return turn.outcome;
    if (turn.calls.length > 0) {
      const stopped = await runToolRound(run, turn.calls, turn.finishReason);
      if (stopped) return stopped;
      await joinSteering(run); // after the results, before the next request
      message = { kind: 'stored' };
      continue;
    }
    // A steering message waiting at a reply without calls starts the next request, before any Stop hook.
    if (budget.turnsLeft > 0 && (await joinSteering(run))) {
      budget.turnsLeft--;
      message = { kind: 'stored' };
      continue;
    }
    const next = await nextContinuation(run, budget, turn.finishReason);
    if (next.type === 'end') return next.outcome;
    message = next.message;
  }
}

/** A user query (BeforeAgent hook, J1), `Continue` on an interrupted session (G1, G2), or the last reply's calls run (a fork with an edited reply). */
async function admit(run: Run, input: AgentInput): Promise<Continuation> {
  const { services, state, interaction } = run;
  services.loopDetector.resetForUserQuery({ heuristics: interaction.settings.loopHeuristics ?? false });
  services.warner.resetTurn();
  services.compressor.resetTurn();
  if (input.type === 'continue') {
    const resume = resumeParts(detectTurnInterruption(state.history));
    if (!resume) return { type: 'end', outcome: 'completed' };
    // `retry`: the interrupted prompt already ends the stored history; it is sent as is,
    // never pushed twice. `tool_result`: the dangling calls are answered first.
    if (resume.type === 'tool_result') {
      await commitHistory(run, [...state.history, { role: 'user', parts: resume.parts }]);
      emitOrphanCards(run);
    }
    return { type: 'send', message: { kind: 'stored' } };
  }
  if (input.type === 'run_calls') {
    const last = state.history.at(-1);
    const calls = last?.role === 'model' ? last.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall] : [])) : [];
    if (calls.length === 0) return { type: 'end', outcome: 'completed' };
    const stopped = await runToolRound(run, calls.map((call, index) => ({ callId: call.id!, name: call.name, args: call.args, index })));
    return stopped ? { type: 'end', outcome: stopped } : { type: 'send', message: { kind: 'stored' } };
  }
  // The images attached to it follow its text; the files it mentions (`@path`) go with it too, read as they are now.
  const mentioned = await mentionedFilesPart(run, input.text);
  return admitPrompt(run, input.text, [...promptImageParts(input.images ?? []), ...(mentioned ? [mentioned] : [])]);
}

async function compressManually(run: Run): Promise<CompressionStatus> {
  const { signal } = run.interaction;
  run.services.compressor.resetTurn();
  try {
    const status = await compressHistory(run, true, signal);
    return status === 'rapid_refill_blocked' ? 'NOOP' : status;
  } catch (thrown) {
    if (!isAbortError(thrown)) run.services.deps.emit({ type: 'error', value: { error: { kind: 'compression', message: messageOf(thrown) } } });
    return 'NOOP';
  }
}

/** After Continue on an interrupted turn (G1), the cards of the calls it answered as never run say what the model was told. */
function emitOrphanCards(run: Run): void {
  const { deps } = run.services;
  const calls = run.state.history.at(-2)?.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall] : [])) ?? [];
  const views = calls.map(({ id, name, args }, index) =>
    unscheduledErrorView(deps.tools, { callId: id ?? '', name, args: args ?? {}, index }, ORPHAN_TOOL_USE_REPAIR_REASON),
  );
  if (views.length > 0) deps.emit({ type: 'tool_calls_update', value: views });
}

/** A bug or a failing store: reported as an error event, never thrown out of `run`; the prompt stays stored (A11, B8). */
/** The interaction ends once its last commit is stored; a refusal then is its error (after Stop, its cancellation stands). */
async function settled(run: Run, outcome: InteractionOutcome): Promise<InteractionOutcome> {
  try {
    await settleStoring(run);
    return outcome;
  } catch (thrown) {
    return run.interaction.signal.aborted ? outcome : reportThrown(run, thrown);
  }
}

function reportThrown(run: Run, thrown: unknown): InteractionOutcome {
  const { emit } = run.services.deps;
  if (isAbortError(thrown) || run.interaction.signal.aborted) {
    emit({ type: 'user_cancelled' });
    return 'cancelled';
  }
  if (thrown instanceof CommitRefused && thrown.reported) return 'error'; // user_message_refused said why
  // A commit refused before the person's message was stored (an automatic compression's): the message is refused with it.
  if (thrown instanceof CommitRefused && run.interaction.awaitingPrompt) {
    refusePrompt(run, thrown);
    return 'error';
  }
  emit({ type: 'error', value: { error: { kind: 'internal', message: `The agent stopped unexpectedly: ${messageOf(thrown)}` } } });
  return 'error';
}
