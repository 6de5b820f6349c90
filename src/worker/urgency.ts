/**
 * Which agent events a person waits to see at once: the end of an answer (a model response that
 * asked for no tools: its last words), an approval to give (a subagent's too), and the end of the interaction. The
 * worker marks them `urgent` when it posts them (session-opener.ts): the event batcher posts such
 * an event at once, so what follows in the same task (storing the answer, which copies it) does
 * not hold it back, and the page applies it at once (ui/agent/render-pacer.ts). The end of a
 * response that asked for tools is not urgent: the loop goes on at once and its cards follow;
 * showing each such end at once cost the page a render, and the loop the CPU it took, on every
 * round trip. Reads every event of one session's agent, in order, the ones the page never sees too.
 */
import type { AgentEvent } from '../agent/types';

export function createUrgency(): (event: AgentEvent) => boolean {
  let askedForTools = false;
  return (event) => {
    switch (event.type) {
      case 'round_trip_start':
        askedForTools = false;
        return false;
      case 'tool_call_request':
        askedForTools = true;
        return false;
      case 'finished':
      case 'round_trip_end':
        return !askedForTools;
      case 'tool_calls_update':
        // A subagent's call asks too: its card is on the `task` call's view.
        return event.value.some(
          (call) => call.status === 'awaiting_approval' || (call.subagent?.items.some((item) => item.type === 'tool' && item.call.status === 'awaiting_approval') ?? false),
        );
      case 'interaction_end':
        return true;
      default:
        return false;
    }
  };
}
