/**
 * What a `task` call's card shows of the subagent it runs: the nested loop's
 * round-trips, its text and its tool calls, in order, as plain data. The agent builds it from
 * the nested loop's events (agent/subagent/), a tool reports it while it runs
 * (ToolContext.onSubagent), the scheduler keeps it on the call's view, and the UI renders it.
 */
import type { ToolPreview } from './tool-display';

/** The nested loop's tool call as the card shows it: the seven statuses of the parent's calls. */
export interface SubagentToolCall {
  callId: string;
  name: string;
  summary: string;
  status: 'validating' | 'awaiting_approval' | 'scheduled' | 'executing' | 'success' | 'error' | 'cancelled';
  /** What its approval card shows, while it asks. */
  preview?: ToolPreview;
  /** The text its model was given (output or error), once it ended. */
  resultText?: string;
}

export type SubagentItem =
  /** One model request of the nested loop (1-based): a divider on the card. */
  | { type: 'round_trip'; ordinal: number }
  | { type: 'text'; text: string }
  | { type: 'tool'; call: SubagentToolCall };

/**
 * How the nested loop ended, once it did: `turn_limit` and `time_limit` are its bounds (its
 * result then holds what it had, with a note), `cancelled` is Stop.
 */
export type SubagentOutcome = 'completed' | 'turn_limit' | 'time_limit' | 'cancelled' | 'error';

export interface SubagentView {
  /** The `task` call's `description`: what the approval cards name the subagent by. */
  description: string;
  items: SubagentItem[];
  outcome?: SubagentOutcome;
}

const FINAL = new Set<SubagentToolCall['status']>(['success', 'error', 'cancelled']);

/**
 * The view once its `task` call was cancelled: a nested call still under way shows as
 * cancelled (its nested loop gives it that result as it unwinds, after the card is final).
 */
export function cancelledSubagentView(view: SubagentView): SubagentView {
  return {
    ...view,
    outcome: view.outcome ?? 'cancelled',
    items: view.items.map((item) => (item.type === 'tool' && !FINAL.has(item.call.status) ? { type: 'tool', call: { ...item.call, status: 'cancelled' } } : item)),
  };
}
