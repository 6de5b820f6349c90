/**
 * A `task` call's subagent on its card: region `Subagent` (UI-CONTRACT "Steering, subagents and
 * hooks") holding the nested loop's round-trips, text and tool calls, live while it runs. Folded
 * by default behind a disclosure button (keyboard: Tab to it, Enter or Space); its summary line
 * says how far the subagent is. Model text and names render as text, never HTML.
 */
import { useId, useState } from 'react';
import type { ToolCallView } from '../../agent/types';
import type { SubagentOutcome, SubagentToolCall, SubagentView } from '../../shared/subagent-view';
import './subagent-region.css';

const OUTCOME: Record<SubagentOutcome, string> = {
  completed: 'done',
  turn_limit: 'ended at its request limit',
  time_limit: 'ended at its time limit',
  cancelled: 'cancelled',
  error: 'failed',
};

function statusText(status: SubagentToolCall['status']): string {
  return status.replace(/_/g, ' ');
}

export function subagentSummary(view: SubagentView): string {
  const roundTrips = view.items.filter((item) => item.type === 'round_trip').length;
  const calls = view.items.filter((item) => item.type === 'tool').length;
  const counts = `${roundTrips} round-trip${roundTrips === 1 ? '' : 's'}, ${calls} tool call${calls === 1 ? '' : 's'}`;
  return view.outcome ? `${counts}, ${OUTCOME[view.outcome]}` : `${counts}, working`;
}

export function SubagentRegion({ view }: { view: SubagentView }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="subagent" aria-label="Subagent">
      <button type="button" className="subagent-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> Subagent: {subagentSummary(view)}
      </button>
      <ol id={id} className="subagent-items" hidden={!open}>
        {open
          ? view.items.map((item, index) => {
              switch (item.type) {
                case 'round_trip':
                  return (
                    <li key={index} className="subagent-round-trip">
                      Round-trip {item.ordinal}
                    </li>
                  );
                case 'text':
                  return (
                    <li key={index} className="subagent-text">
                      {item.text}
                    </li>
                  );
                case 'tool': {
                  const title = item.call.summary ? `${item.call.name} ${item.call.summary}` : item.call.name;
                  const status = statusText(item.call.status);
                  return (
                    <li key={index} className={`subagent-tool status-${item.call.status}`} aria-label={title}>
                      <span className="tool-name">{item.call.name}</span> <span className="tool-summary">{item.call.summary}</span>{' '}
                      <span className="tool-status" data-status={status}>
                        {status}
                      </span>
                      {item.call.resultText && item.call.status !== 'success' ? <p className="tool-error">{item.call.resultText}</p> : null}
                    </li>
                  );
                }
              }
            })
          : null}
      </ol>
    </section>
  );
}

/**
 * The call that waits for the person's approval: one of the transcript's, or one inside a running
 * subagent (its card names the subagent). Nested calls wait on the same correlated approvals.
 */
export function awaitingApproval(calls: readonly ToolCallView[]): { call: ToolCallView; subagent?: string } | undefined {
  const own = calls.find((call) => call.status === 'awaiting_approval');
  if (own) return { call: own };
  for (const call of calls) {
    if (call.status !== 'executing' || !call.subagent) continue;
    for (const item of call.subagent.items) {
      if (item.type !== 'tool' || item.call.status !== 'awaiting_approval') continue;
      const nested = item.call;
      return {
        call: { callId: nested.callId, name: nested.name, args: {}, summary: nested.summary, status: nested.status, index: 0, ...(nested.preview ? { preview: nested.preview } : {}) },
        subagent: call.subagent.description,
      };
    }
  }
  return undefined;
}
