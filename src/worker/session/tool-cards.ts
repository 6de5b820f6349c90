/**
 * The worker's side of tool cards as data (store/tool-cards.ts): it sees each call's views as
 * the agent emits them, and hands the history writer the card a call ended with, to be stored
 * with the call's result. A reopened session's cards then come from the store, not from the
 * result's text.
 */
import type { AgentEvent, ToolCallStatus } from '../../agent/types';
import type { HistoryWriter } from '../../store/history';
import type { FinalToolCallStatus } from '../../store/types';

function isFinal(status: ToolCallStatus): status is FinalToolCallStatus {
  return status === 'success' || status === 'error' || status === 'cancelled';
}

export function noteFinishedCards(writer: Pick<HistoryWriter, 'noteCard'>, event: AgentEvent): void {
  if (event.type !== 'tool_calls_update') return;
  for (const view of event.value) {
    if (!isFinal(view.status)) continue;
    const { summary, status, subagent, hookRun } = view;
    writer.noteCard(view.callId, { summary, status, ...(subagent ? { subagent } : {}), ...(hookRun ? { hookRun } : {}) });
  }
}
