/**
 * Approvals (C3, C7, C8): correlated requests to the person, one card at a time in
 * declaration order; nothing of the batch runs until every card is answered. The approval
 * mode is read live, so switching it while a card is open
 * lets the call through (the open request's signal aborts, which closes the card).
 */
import { USER_DENIED_REASON } from '../history/function-response';
import type { ApprovalMode, ApprovalOutcome, ApprovalRequest, AgentEvent } from '../types';
import type { ToolPreview } from '../../shared/tool-display';
import { approvalDecision, planModeMessage, sessionAllowKey } from './policy';
import type { CallRecord, StateManager } from './state-manager';
import { childController, raceAbort } from '../abortable';

export interface ApprovalContext {
  state: StateManager;
  emit(event: AgentEvent): void;
  requestApproval(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalOutcome>;
  approvalMode(): ApprovalMode;
  /** What the person allowed "for this session" (proceed_always): keys of sessionAllowKey. */
  allowedTools: Set<string>;
}

/** Open approval requests, so a mode switch can close them. */
export type OpenApprovals = Map<string, AbortController>;

export function decisionFor(record: CallRecord, context: ApprovalContext): 'allow' | 'ask' | 'refuse' {
  const kind = record.tool?.declaration.kind ?? 'execute';
  const key = allowKey(record);
  return approvalDecision(kind, context.approvalMode(), key !== null && context.allowedTools.has(key), readOnlyCall(record));
}

/** The tool says this call only reads (an MCP tool's readOnlyHint); a throwing check reads as no. */
function readOnlyCall(record: CallRecord): boolean {
  try {
    return record.tool?.isReadOnly?.(record.args) === true;
  } catch {
    return false;
  }
}

function allowKey(record: CallRecord): string | null {
  return sessionAllowKey(record.request.name, record.tool?.declaration.kind ?? 'execute', record.args);
}

/** proceed_always: what sessionAllowKey names no longer asks (a compound command has no key). */
function rememberForSession(record: CallRecord, context: ApprovalContext): void {
  const key = allowKey(record);
  if (key !== null) context.allowedTools.add(key);
}

/** Applies the current mode to one waiting call: lets it through or refuses it (plan). */
export function settleByPolicy(record: CallRecord, context: ApprovalContext): boolean {
  const decision = decisionFor(record, context);
  if (decision === 'allow') return context.state.setStatus(record.request.callId, 'scheduled');
  if (decision === 'refuse') {
    return context.state.finish(record.request.callId, {
      status: 'error',
      error: { type: 'EXECUTION_DENIED', message: planModeMessage(record.request.name) },
    });
  }
  return false;
}

async function previewOf(record: CallRecord, signal: AbortSignal): Promise<ToolPreview> {
  try {
    // Stop never waits for a preview (it may read a workspace that hangs), so every call still gets its result (K2).
    if (record.tool) return await raceAbort(record.tool.preview(record.args, { signal }), signal);
  } catch {
    // A preview that fails still lets the person decide from the summary.
  }
  return { type: 'text', text: `${record.request.name} ${JSON.stringify(record.args)}` };
}

/** Moves every validated call to `scheduled`, `awaiting_approval` or a refusal. */
export async function admitCalls(records: CallRecord[], context: ApprovalContext, signal: AbortSignal): Promise<void> {
  for (const record of records) {
    if (signal.aborted) return;
    if (record.view.status !== 'validating') continue;
    if (decisionFor(record, context) !== 'ask') {
      settleByPolicy(record, context);
      continue;
    }
    const preview = await previewOf(record, signal);
    context.state.setStatus(record.request.callId, 'awaiting_approval', { preview });
  }
}

/** Asks for each waiting call in turn. Resolves once none is waiting (or the batch aborted). */
export async function awaitApprovals(
  records: CallRecord[],
  context: ApprovalContext,
  open: OpenApprovals,
  signal: AbortSignal,
): Promise<void> {
  for (const record of records) {
    if (signal.aborted) return;
    const { callId, name } = record.request;
    if (record.view.status !== 'awaiting_approval') continue;
    if (settleByPolicy(record, context)) continue;
    const request: ApprovalRequest = {
      callId,
      name,
      args: record.request.args,
      summary: record.view.summary,
      preview: record.view.preview ?? { type: 'text', text: name },
      kind: record.tool?.declaration.kind ?? 'execute',
    };
    const { controller, dispose } = childController(signal);
    open.set(callId, controller);
    context.emit({ type: 'tool_call_confirmation', value: request });
    let outcome: ApprovalOutcome | undefined;
    try {
      outcome = await raceAbort(context.requestApproval(request, controller.signal), controller.signal);
    } catch {
      outcome = undefined; // closed by a mode switch, the batch abort, or a failing channel
    } finally {
      open.delete(callId);
      dispose();
    }
    if (signal.aborted || record.view.status !== 'awaiting_approval') continue;
    applyOutcome(record, outcome ?? 'cancel', records, context);
  }
}

function applyOutcome(record: CallRecord, outcome: ApprovalOutcome, batch: CallRecord[], context: ApprovalContext): void {
  switch (outcome) {
    case 'proceed_once':
      record.approvedByPerson = true;
      context.state.setStatus(record.request.callId, 'scheduled');
      return;
    case 'proceed_always':
      record.approvedByPerson = true;
      rememberForSession(record, context);
      context.state.setStatus(record.request.callId, 'scheduled');
      // "Allow for this session" also lets through the other waiting calls it covers (C7).
      for (const other of batch) if (other.view.status === 'awaiting_approval') settleByPolicy(other, context);
      return;
    case 'cancel':
      context.state.finish(record.request.callId, { status: 'cancelled', reason: USER_DENIED_REASON });
      return;
  }
}

/**
 * Just before a scheduled call runs: the mode may have changed since it was let through
 * (the person paused at a step, or it waited behind an earlier wave). Plan refuses it; a
 * mode that now asks asks, unless the person already allowed this call. True when it may run.
 */
export async function confirmBeforeRun(record: CallRecord, context: ApprovalContext, open: OpenApprovals, signal: AbortSignal): Promise<boolean> {
  const decision = decisionFor(record, context);
  if (decision === 'refuse') return !settleByPolicy(record, context);
  if (decision === 'allow' || record.approvedByPerson) return true;
  const preview = await previewOf(record, signal);
  context.state.setStatus(record.request.callId, 'awaiting_approval', { preview });
  await awaitApprovals([record], context, open, signal);
  return record.view.status === 'scheduled';
}

/** After a mode switch: settle every waiting call the new mode decides, closing its card. */
export function reapplyApprovalMode(records: readonly CallRecord[], context: ApprovalContext, open: OpenApprovals): void {
  for (const record of records) {
    if (record.view.status !== 'awaiting_approval') continue;
    if (settleByPolicy(record, context)) open.get(record.request.callId)?.abort();
  }
}
