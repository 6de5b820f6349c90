/**
 * Loop detection for one session (H1–H6). The core loop feeds it every tool call
 * (before executing it), every content delta and thought, and the round-trip boundaries
 * (`Finished`, `Retry`). A non-null answer means "stop the interaction now; do not run this
 * call" (H6).
 *
 * Always on (only `disable()` turns them off): identical consecutive calls (H1), git
 * inspection stagnation (H2) and the adaptive per-turn cap (H3). The heuristics of H4 run
 * only when `heuristics` is true. Once a loop is detected the detector latches: every later
 * feed returns the same detection until `resetForUserQuery()`.
 */
import type { LoopType } from '../types';
import { createContentLoopTracker, DEFAULT_CONTENT_LOOP_OPTIONS } from './content-loop';
import type { ContentLoopOptions } from './content-loop';
import { isShellInspectionCall } from './shell-inspection';
import { toolCallKey } from './stable-key';
import { createToolHeuristics, DEFAULT_TOOL_HEURISTICS_OPTIONS } from './tool-heuristics';
import type { ToolHeuristicsOptions } from './tool-heuristics';

export interface LoopDetectorConfig extends ContentLoopOptions, ToolHeuristicsOptions {
  /** The Nth identical consecutive call is a loop (H1). Default 5. */
  identicalCallThreshold: number;
  /** The Nth consecutive git overview inspection (status, overview diff) is a loop (H2). Default 8. */
  shellStagnationThreshold: number;
  /** Per-turn cap (H3): past this many calls in a turn, halt only if some key repeated `stuckRepeatThreshold` times. Default 100. */
  softToolCallCap: number;
  /** Per-turn cap (H3): how often one call must repeat to count as stuck. Default 6. */
  stuckRepeatThreshold: number;
  /** Per-turn cap (H3): the absolute backstop of the adaptive cap. Default 1000. */
  hardToolCallCap: number;
  /** Per-turn cap (H3): an explicit hard cap replacing the adaptive one; ≤ 0 disables the cap. Default unset. */
  maxToolCallsPerTurn?: number;
  /** Repeated thoughts, an opt-in heuristic (H4): the last N thoughts identical. Default 3. */
  thoughtRepeatThreshold: number;
}

export const DEFAULT_LOOP_DETECTOR_CONFIG: LoopDetectorConfig = {
  identicalCallThreshold: 5,
  shellStagnationThreshold: 8,
  softToolCallCap: 100,
  stuckRepeatThreshold: 6,
  hardToolCallCap: 1000,
  thoughtRepeatThreshold: 3,
  ...DEFAULT_CONTENT_LOOP_OPTIONS,
  ...DEFAULT_TOOL_HEURISTICS_OPTIONS,
};

export interface LoopDetection {
  loopType: LoopType;
  detail: string;
}

export interface LoopDetectorCall {
  name: string;
  args: Record<string, unknown>;
}

export interface LoopDetector {
  /**
   * A new interaction: clears the latch and every per-turn counter (a `disable()` stays);
   * `heuristics` switches the opt-in heuristics (H4) as the interaction's frozen settings say.
   */
  resetForUserQuery(options?: { heuristics?: boolean }): void;
  /** Call once per tool call, before executing it. Non-null: do not execute it; stop. */
  onToolCall(call: LoopDetectorCall): LoopDetection | null;
  onContent(text: string): LoopDetection | null;
  onThought(subject: string, description: string): LoopDetection | null;
  /** A round-trip's tool calls have all been counted: they become the rollback floor (H5). */
  onFinished(): void;
  /** A round-trip is being retried: roll back what its failed attempt counted (H5). */
  onRetry(): void;
  /** "Disable loop detection for this session" (H6): turns off every guard, always-on included. */
  disable(): void;
  readonly disabled: boolean;
}

/** Thoughts kept for the repeated-thought heuristic (H4). */
const THOUGHT_HISTORY_LIMIT = 50;
const THOUGHT_DESCRIPTION_PREFIX = 200;

export function createLoopDetector(
  options: { config?: Partial<LoopDetectorConfig>; heuristics?: boolean } = {},
): LoopDetector {
  const config = withDefaults(options.config);
  let heuristics = options.heuristics ?? false;
  const content = createContentLoopTracker(config);
  const tools = createToolHeuristics(config);

  let disabled = false;
  let latched: LoopDetection | null = null;
  // Identical consecutive calls (H1)
  let lastKey: string | null = null;
  let identicalStreak = 0;
  // Git inspection stagnation (H2)
  let shellStreak = 0;
  // Per-turn cap (H3)
  let turnTotal = 0;
  let committedTotal = 0;
  let capKeyCounts = new Map<string, number>();
  let capMaxKeyRepeat = 0;
  // Repeated thoughts (H4)
  let thoughts: string[] = [];

  function latch(detection: LoopDetection | null): LoopDetection | null {
    if (detection) latched = detection;
    return detection;
  }

  function checkIdentical(call: LoopDetectorCall, key: string): LoopDetection | null {
    identicalStreak = key === lastKey ? identicalStreak + 1 : 1;
    lastKey = key;
    if (identicalStreak < config.identicalCallThreshold) return null;
    return {
      loopType: 'consecutive_identical_tool_calls',
      detail: `${call.name} was called with identical arguments ${identicalStreak} times in a row.`,
    };
  }

  function checkShell(call: LoopDetectorCall): LoopDetection | null {
    shellStreak = isShellInspectionCall(call) ? shellStreak + 1 : 0;
    if (shellStreak < config.shellStagnationThreshold) return null;
    return {
      loopType: 'shell_command_stagnation',
      detail: `${shellStreak} git status/diff/ls-files inspections in a row without other progress.`,
    };
  }

  function checkCap(key: string): LoopDetection | null {
    const count = (capKeyCounts.get(key) ?? 0) + 1;
    capKeyCounts.set(key, count);
    capMaxKeyRepeat = Math.max(capMaxKeyRepeat, count);
    turnTotal += 1;
    if (!capHalts(turnTotal, capMaxKeyRepeat, config)) return null;
    return {
      loopType: 'turn_tool_call_cap',
      detail: `${turnTotal} tool calls in this turn exceed the per-turn limit.`,
    };
  }

  function checkThoughts(subject: string, description: string): LoopDetection | null {
    const signature = `${subject.trim().toLowerCase()}|${description.trim().toLowerCase().slice(0, THOUGHT_DESCRIPTION_PREFIX)}`;
    thoughts.push(signature);
    if (thoughts.length > THOUGHT_HISTORY_LIMIT) thoughts.shift();
    const threshold = config.thoughtRepeatThreshold;
    if (thoughts.length < threshold) return null;
    const recent = thoughts.slice(-threshold);
    if (!recent.every((thought) => thought === recent[0])) return null;
    return { loopType: 'repeated_thoughts', detail: `The same thought repeated ${threshold} times: "${subject}".` };
  }

  function resetStreaks(): void {
    lastKey = null;
    identicalStreak = 0;
    shellStreak = 0;
  }

  return {
    resetForUserQuery(reset = {}) {
      if (reset.heuristics !== undefined) heuristics = reset.heuristics;
      latched = null;
      resetStreaks();
      turnTotal = 0;
      committedTotal = 0;
      capKeyCounts = new Map();
      capMaxKeyRepeat = 0;
      thoughts = [];
      content.reset();
      tools.reset();
    },
    onToolCall(call) {
      if (disabled) return null;
      if (latched) return latched;
      const key = toolCallKey(call.name, call.args);
      const alwaysOn = checkIdentical(call, key) ?? checkShell(call) ?? checkCap(key);
      if (alwaysOn || !heuristics) return latch(alwaysOn);
      // A tool call is observable progress: text chanting and thought repetition restart.
      content.reset();
      thoughts = [];
      return latch(tools.onToolCall(call.name, key));
    },
    onContent(text) {
      if (disabled) return null;
      if (latched) return latched;
      if (!heuristics || !content.add(text)) return null;
      return latch({
        loopType: 'chanting_identical_sentences',
        detail: `The response repeats the same ${config.contentChunkSize}-character passage over and over.`,
      });
    },
    onThought(subject, description) {
      if (disabled) return null;
      if (latched) return latched;
      if (!heuristics) return null;
      return latch(checkThoughts(subject, description));
    },
    onFinished() {
      committedTotal = turnTotal;
    },
    onRetry() {
      turnTotal = committedTotal;
      resetStreaks();
      capKeyCounts = new Map();
      capMaxKeyRepeat = 0;
      tools.onRetry();
      // Our choice, beyond the rollback of H5: the failed attempt's text and thoughts are
      // discarded and re-streamed, so they must not count twice either.
      content.reset();
      thoughts = [];
    },
    disable() {
      disabled = true;
      latched = null;
    },
    get disabled() {
      return disabled;
    },
  };
}

/** The per-turn cap (H3): an explicit cap is hard; otherwise a soft cap with a stuck signal, plus a hard backstop. */
function capHalts(total: number, maxKeyRepeat: number, config: LoopDetectorConfig): boolean {
  const explicit = config.maxToolCallsPerTurn;
  if (explicit !== undefined) return explicit > 0 && total > explicit;
  if (total <= config.softToolCallCap) return false;
  return total > config.hardToolCallCap || maxKeyRepeat >= config.stuckRepeatThreshold;
}

/** Spreads only defined values, so `{threshold: undefined}` keeps the default. */
function withDefaults(overrides: Partial<LoopDetectorConfig> | undefined): LoopDetectorConfig {
  const config: LoopDetectorConfig = { ...DEFAULT_LOOP_DETECTOR_CONFIG };
  if (!overrides) return config;
  for (const [name, value] of Object.entries(overrides)) {
    if (value !== undefined) (config as unknown as Record<string, unknown>)[name] = value;
  }
  return config;
}
