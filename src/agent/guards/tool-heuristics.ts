/**
 * The opt-in tool-call heuristics (H4): read-file churn (with a cold-start exemption),
 * action stagnation, global duplicates and ABAB alternation. Each call is fed once, before
 * it executes; every detector updates its state on every call, and the first that fires (in
 * the order global duplicate, alternating, read churn, stagnation) is reported.
 */
import type { LoopType } from '../types';

export interface ToolHeuristicsOptions {
  /** Read-like calls within the window that count as churn. Default 8. */
  readLoopThreshold: number;
  /** Size of the recent-call window for read churn. Default 15. */
  readLoopWindow: number;
  /** Same tool name this many times in a row. Default 8. */
  actionStagnationThreshold: number;
  /** Same (tool, args) key this many times anywhere in the turn. Default 6. */
  globalDuplicateThreshold: number;
  /** Complete A-B cycles in a row. Default 3 (6 calls). */
  alternatingCycles: number;
}

export const DEFAULT_TOOL_HEURISTICS_OPTIONS: ToolHeuristicsOptions = {
  readLoopThreshold: 8,
  readLoopWindow: 15,
  actionStagnationThreshold: 8,
  globalDuplicateThreshold: 6,
  alternatingCycles: 3,
};

const READ_LIKE_NAMES: ReadonlySet<string> = new Set(['read_file', 'read_many_files', 'list_directory', 'zoom_image']);
/** Prefixes anchored on `_` so `review` or `listener` are not read-like. */
const READ_LIKE_PREFIXES = ['read_', 'list_'];

export function isReadLikeTool(name: string): boolean {
  return READ_LIKE_NAMES.has(name) || READ_LIKE_PREFIXES.some((prefix) => name.startsWith(prefix));
}

export interface ToolHeuristicHit {
  loopType: LoopType;
  detail: string;
}

export interface ToolHeuristics {
  /** `key` is the call's canonical identity (stable-key.ts). */
  onToolCall(name: string, key: string): ToolHeuristicHit | null;
  /** A retried stream replays its calls, so duplicate and ABAB evidence is dropped (H5). */
  onRetry(): void;
  reset(): void;
}

export function createToolHeuristics(options: ToolHeuristicsOptions = DEFAULT_TOOL_HEURISTICS_OPTIONS): ToolHeuristics {
  let recentNames: string[] = [];
  let seenNonReadTool = false;
  let lastName: string | null = null;
  let sameNameStreak = 0;
  let keyCounts = new Map<string, number>();
  let recentKeys: string[] = [];

  function countGlobal(name: string, key: string): ToolHeuristicHit | null {
    const count = (keyCounts.get(key) ?? 0) + 1;
    keyCounts.set(key, count);
    if (count < options.globalDuplicateThreshold) return null;
    return {
      loopType: 'global_duplicate',
      detail: `${name} was called with the same arguments ${count} times in this turn.`,
    };
  }

  function checkAlternating(key: string): ToolHeuristicHit | null {
    const windowSize = 2 * options.alternatingCycles;
    recentKeys.push(key);
    if (recentKeys.length > windowSize) recentKeys.shift();
    if (recentKeys.length < windowSize) return null;
    const [first, second] = recentKeys;
    if (first === second) return null;
    const alternates = recentKeys.every((windowKey, index) => windowKey === (index % 2 === 0 ? first : second));
    if (!alternates) return null;
    return {
      loopType: 'alternating_pattern',
      detail: `The same two tool calls alternated ${options.alternatingCycles} times in a row.`,
    };
  }

  function checkReadChurn(): ToolHeuristicHit | null {
    // Cold start: a prompt usually opens with reads; that is exploration, not a loop.
    if (!seenNonReadTool) return null;
    const reads = recentNames.filter(isReadLikeTool).length;
    if (reads < options.readLoopThreshold) return null;
    return {
      loopType: 'read_file_loop',
      detail: `${reads} of the last ${recentNames.length} tool calls only read files.`,
    };
  }

  function checkStagnation(name: string): ToolHeuristicHit | null {
    // Our choice: during the cold start, read-like calls are exploration for action
    // stagnation too; afterwards read churn covers them first (as H4's scenario expects).
    if (!seenNonReadTool && isReadLikeTool(name)) return null;
    if (sameNameStreak < options.actionStagnationThreshold) return null;
    return {
      loopType: 'action_stagnation',
      detail: `${name} was called ${sameNameStreak} times in a row.`,
    };
  }

  return {
    onToolCall(name, key) {
      recentNames.push(name);
      if (recentNames.length > options.readLoopWindow) recentNames.shift();
      if (!isReadLikeTool(name)) seenNonReadTool = true;
      sameNameStreak = name === lastName ? sameNameStreak + 1 : 1;
      lastName = name;

      const globalDuplicate = countGlobal(name, key);
      const alternating = checkAlternating(key);
      const readChurn = checkReadChurn();
      const stagnation = checkStagnation(name);
      return globalDuplicate ?? alternating ?? readChurn ?? stagnation;
    },
    onRetry() {
      keyCounts = new Map();
      recentKeys = [];
    },
    reset() {
      recentNames = [];
      seenNonReadTool = false;
      lastName = null;
      sameNameStreak = 0;
      keyCounts = new Map();
      recentKeys = [];
    },
  };
}
