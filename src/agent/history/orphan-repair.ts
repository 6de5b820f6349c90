/**
 * Orphan repair (F2): close every functionCall ↔ functionResponse pair in a history (Qwen
 * `repairOrphanedToolUseTurns`). Per model turn with id'd calls: scan (pure) → plan
 * (pure) → apply. Apply only ever touches our own working copy of the array and fresh
 * Content objects, never the caller's data; with nothing to repair the input array
 * itself is returned, so `repair(h) === h` tells a caller nothing changed.
 */
import type { Content, Part } from '../../shared/content';
import { errorFunctionResponse } from './function-response';

export const ORPHAN_TOOL_USE_REPAIR_REASON =
  'Tool execution result was not recorded — likely interrupted by network failure, abort, or process exit. Treat as failure and retry if needed.';

/** Where one functionResponse part sits in the history. */
export interface ResponseLocation {
  turnIndex: number;
  partIndex: number;
  part: Part;
}

export interface ToolUseScan {
  modelIndex: number;
  /** functionCall id → tool name, in call order. Calls without an id are ignored. */
  expected: Map<string, string>;
  /** functionResponse id → every location in the consecutive user turns that follow, in order. */
  matched: Map<string, ResponseLocation[]>;
  /** One past the last user turn scanned. */
  scanEnd: number;
}

export interface RepairPlan {
  modelIndex: number;
  scanEnd: number;
  /** Calls with no response anywhere in the scanned run: answered with an ORPHAN error. */
  synthesize: { callId: string; name: string }[];
  /** First responses found beyond the adjacent user turn, moved to its head. */
  hoisted: Part[];
  /** Parts to splice out: hoisted originals and every duplicate beyond the first. */
  removals: { turnIndex: number; partIndex: number }[];
  droppedDuplicates: { callId: string; name: string }[];
}

/** SCAN: pure read of the model turn at `modelIndex` and the user turns right after it. */
export function scanToolUseTurn(history: readonly Content[], modelIndex: number): ToolUseScan {
  const expected = new Map<string, string>();
  for (const part of history[modelIndex]?.parts ?? []) {
    const call = part.functionCall;
    if (call?.id && !expected.has(call.id)) expected.set(call.id, call.name);
  }
  const matched = new Map<string, ResponseLocation[]>();
  let turnIndex = modelIndex + 1;
  for (; history[turnIndex]?.role === 'user'; turnIndex++) {
    history[turnIndex]?.parts.forEach((part, partIndex) => {
      const id = part.functionResponse?.id;
      if (!id) return;
      const locations = matched.get(id) ?? [];
      locations.push({ turnIndex, partIndex, part });
      matched.set(id, locations);
    });
  }
  return { modelIndex, expected, matched, scanEnd: turnIndex };
}

/** PLAN: no match → synthesize; first match not adjacent → hoist; later copies → drop. */
export function planToolUseRepair(scan: ToolUseScan): RepairPlan {
  const plan: RepairPlan = {
    modelIndex: scan.modelIndex,
    scanEnd: scan.scanEnd,
    synthesize: [],
    hoisted: [],
    removals: [],
    droppedDuplicates: [],
  };
  const adjacentIndex = scan.modelIndex + 1;
  for (const [callId, name] of scan.expected) {
    const [first, ...duplicates] = scan.matched.get(callId) ?? [];
    if (!first) {
      plan.synthesize.push({ callId, name });
      continue;
    }
    if (first.turnIndex !== adjacentIndex) {
      plan.hoisted.push(first.part);
      plan.removals.push({ turnIndex: first.turnIndex, partIndex: first.partIndex });
    }
    for (const duplicate of duplicates) {
      plan.removals.push({ turnIndex: duplicate.turnIndex, partIndex: duplicate.partIndex });
      plan.droppedDuplicates.push({ callId, name });
    }
  }
  return plan;
}

export function isEmptyPlan(plan: RepairPlan): boolean {
  return plan.synthesize.length === 0 && plan.removals.length === 0;
}

/**
 * APPLY, in the spec's order, on `working` (our own copy). Returns how many turns were
 * inserted before the adjacent position (0 or 1) so the outer cursor can skip them.
 */
function applyToolUseRepair(working: Content[], plan: RepairPlan): number {
  // 1. Splice removals in descending (turn, part) order so earlier indices stay valid.
  const removals = [...plan.removals].sort((a, b) => b.turnIndex - a.turnIndex || b.partIndex - a.partIndex);
  const touched = new Set<number>();
  for (const { turnIndex, partIndex } of removals) {
    const turn = working[turnIndex];
    if (!turn) continue;
    const parts = touched.has(turnIndex) ? turn.parts : [...turn.parts];
    parts.splice(partIndex, 1);
    working[turnIndex] = { ...turn, parts };
    touched.add(turnIndex);
  }
  // 2. Delete user turns after the adjacent one that the removals emptied.
  const adjacentIndex = plan.modelIndex + 1;
  for (let index = plan.scanEnd - 1; index > adjacentIndex; index--) {
    if (touched.has(index) && working[index]?.parts.length === 0) working.splice(index, 1);
  }
  // 3. Synthesized + hoisted parts go to the head of the adjacent user turn, before its
  //    first non-functionResponse part, or into a new user turn.
  const inserted: Part[] = [
    ...plan.synthesize.map(({ callId, name }) => errorFunctionResponse(callId, name, ORPHAN_TOOL_USE_REPAIR_REASON)),
    ...plan.hoisted,
  ];
  if (inserted.length === 0) return 0;
  const adjacent = working[adjacentIndex];
  if (adjacent?.role === 'user') {
    const firstOther = adjacent.parts.findIndex((part) => !part.functionResponse);
    const at = firstOther === -1 ? adjacent.parts.length : firstOther;
    working[adjacentIndex] = {
      ...adjacent,
      parts: [...adjacent.parts.slice(0, at), ...inserted, ...adjacent.parts.slice(at)],
    };
    return 0;
  }
  working.splice(adjacentIndex, 0, { role: 'user', parts: inserted });
  return 1;
}

/** Pairs every call with one response. Runs on session load, after each user push, and before every request (F2). */
export function repairOrphanedToolUseTurns(history: readonly Content[]): Content[] {
  let working: Content[] | undefined;
  const current = (): readonly Content[] => working ?? history;
  for (let index = 0; index < current().length; index++) {
    if (current()[index]?.role !== 'model') continue;
    const scan = scanToolUseTurn(current(), index);
    if (scan.expected.size === 0) continue;
    const plan = planToolUseRepair(scan);
    if (isEmptyPlan(plan)) continue;
    working ??= [...history];
    // 4. The cursor skips a freshly inserted turn.
    index += applyToolUseRepair(working, plan);
  }
  // Same instance when nothing changed, so callers can detect a no-op cheaply.
  return working ?? (history as Content[]);
}
