/**
 * The card's view of a subagent, built from its nested loop's events as they come: a divider per
 * model request, its text, and its tool calls with their statuses. Pure: the task tool feeds it
 * and reports the view (ToolContext.onSubagent).
 */
import type { SubagentItem, SubagentOutcome, SubagentToolCall, SubagentView } from '../../shared/subagent-view';
import type { AgentEvent, ToolCallView } from '../types';

export interface SubagentViewBuilder {
  /** Takes one event of the nested loop; true when the view changed. */
  observe(event: AgentEvent): boolean;
  end(outcome: SubagentOutcome): void;
  view(): SubagentView;
}

function nestedCall(view: ToolCallView): SubagentToolCall {
  return {
    callId: view.callId,
    name: view.name,
    summary: view.summary,
    status: view.status,
    ...(view.status === 'awaiting_approval' && view.preview ? { preview: view.preview } : {}),
    ...(view.resultText === undefined ? {} : { resultText: view.resultText }),
  };
}

export function createSubagentViewBuilder(description: string): SubagentViewBuilder {
  const items: SubagentItem[] = [];
  let roundTrips = 0;
  let outcome: SubagentOutcome | undefined;
  return {
    observe(event) {
      switch (event.type) {
        case 'round_trip_start':
          items.push({ type: 'round_trip', ordinal: ++roundTrips });
          return true;
        case 'content': {
          const last = items.at(-1);
          if (last?.type === 'text') last.text += event.value;
          else items.push({ type: 'text', text: event.value });
          return true;
        }
        case 'tool_calls_update':
          for (const view of event.value) {
            const call = nestedCall(view);
            const index = items.findIndex((item) => item.type === 'tool' && item.call.callId === view.callId);
            if (index >= 0) items[index] = { type: 'tool', call };
            else items.push({ type: 'tool', call });
          }
          return event.value.length > 0;
        default:
          return false;
      }
    },
    end(how) {
      outcome = how;
    },
    view: () => structuredClone({ description, items, ...(outcome ? { outcome } : {}) }),
  };
}
