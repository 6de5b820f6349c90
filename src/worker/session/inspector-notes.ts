/**
 * What the Loop inspector needs that no round-trip record holds: when each tool call entered
 * each status, and where compression and the loop guards acted. The worker sees every agent
 * event as it is emitted, so it notes the time there (the agent's events carry none) and keeps
 * the notes with the round-trip they belong to (RoundTripRecord.notes), which survives a reload.
 *
 * - A tool call's progress (ToolCallView.progress) is an executing step of its own each time
 *   its words change, so the timeline shows when each arrived (at most PROGRESS_STEPS_KEPT).
 * - `steering_joined` belongs to the agent's next round-trip (not a compression's summary request): the request that carried the messages.
 * - A tool call belongs to the round-trip that was running or had just ended when the call was
 *   first seen: the one whose response asked for it (a retried attempt's calls are dropped by
 *   the agent before they are scheduled, so they never reach tool_calls_update).
 * - `chat_compressed`, `loop_detected` and `hook_run` belong to the round-trip running or last ended (for
 *   compression before a request, that is the summarizer's own round-trip); the inspector
 *   tells "during" from "after" by the note's time. Before any round-trip of this runtime
 *   they wait for the next one.
 */
import type { AgentEvent } from '../../agent/types';
import { progressText } from '../../shared/tool-display';
import type { LoopEventNote, RoundTripNotes, ToolTimeline } from '../../store/types';

export interface InspectorNotes {
  /** Notes the event; returns the round-trips whose notes changed. */
  observe(event: AgentEvent, at: number): string[];
  notesOf(roundTripId: string): RoundTripNotes | undefined;
}

/** Progress steps noted per tool call; past them the last one is replaced by the latest. */
export const PROGRESS_STEPS_KEPT = 20;

/** Round-trips whose notes are kept in memory; older ones no longer change. */
const KEEP = 8;

export function createInspectorNotes(): InspectorNotes {
  const notes = new Map<string, { toolCalls: ToolTimeline[]; events: LoopEventNote[] }>();
  const callAnchor = new Map<string, { roundTripId: string; timeline: ToolTimeline }>();
  let current: string | null = null;
  let waiting: LoopEventNote[] = [];
  let steering: LoopEventNote[] = [];

  const entry = (roundTripId: string) => {
    let found = notes.get(roundTripId);
    if (!found) {
      notes.set(roundTripId, (found = { toolCalls: [], events: [] }));
      for (const id of [...notes.keys()].slice(0, Math.max(0, notes.size - KEEP))) notes.delete(id);
      for (const [callId, anchor] of callAnchor) if (!notes.has(anchor.roundTripId)) callAnchor.delete(callId);
    }
    return found;
  };

  return {
    observe(event, at) {
      switch (event.type) {
        case 'round_trip_start': {
          current = event.value.roundTripId;
          const found = entry(current);
          // The agent's own next request carries the steering messages; a compression's summary request before it does not.
          const carried = event.value.purpose === undefined ? steering : [];
          if (carried.length > 0) steering = [];
          if (waiting.length === 0 && carried.length === 0) return [];
          found.events.push(...waiting, ...carried);
          waiting = [];
          return [current];
        }
        case 'steering_joined':
          // Steering messages belong to the request that carried them: the agent's next one.
          steering.push({ ...structuredClone(event), at } as LoopEventNote);
          return [];
        case 'chat_compressed':
        case 'loop_detected':
        case 'hook_run': {
          const note = { ...structuredClone(event), at } as LoopEventNote;
          if (current === null) {
            waiting.push(note);
            return [];
          }
          entry(current).events.push(note);
          return [current];
        }
        case 'tool_calls_update': {
          const changed = new Set<string>();
          for (const view of event.value) {
            let anchor = callAnchor.get(view.callId);
            if (!anchor) {
              if (current === null) continue;
              anchor = { roundTripId: current, timeline: { callId: view.callId, name: view.name, summary: view.summary, steps: [] } };
              callAnchor.set(view.callId, anchor);
              entry(current).toolCalls.push(anchor.timeline);
            }
            const steps = anchor.timeline.steps;
            const progress = view.status === 'executing' && view.progress ? progressText(view.progress) : undefined;
            const last = steps.at(-1);
            if (last?.status === view.status && (progress === undefined || last.progress === progress)) continue;
            const step = progress === undefined ? { status: view.status, at } : { status: view.status, at, progress };
            // A chatty tool's progress keeps the first steps and the latest, not every one.
            if (progress !== undefined && last?.progress !== undefined && steps.filter((item) => item.progress !== undefined).length >= PROGRESS_STEPS_KEPT) steps[steps.length - 1] = step;
            else steps.push(step);
            changed.add(anchor.roundTripId);
          }
          return [...changed];
        }
        default:
          return [];
      }
    },
    notesOf(roundTripId) {
      const found = notes.get(roundTripId);
      if (!found || (found.toolCalls.length === 0 && found.events.length === 0)) return undefined;
      const result: RoundTripNotes = {};
      if (found.toolCalls.length > 0) result.toolCalls = structuredClone(found.toolCalls);
      if (found.events.length > 0) result.events = structuredClone(found.events);
      return result;
    },
  };
}
