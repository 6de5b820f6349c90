/**
 * Spec §3.0: every threshold is injectable; these are the defaults. `resolveConfig` fills
 * in what `deps.config` leaves out and refuses values the loop cannot honour (a NaN cap
 * would silently remove the limit), so the rest of the loop reads plain, valid numbers.
 */
import type { AgentConfig } from './types';

export type ResolvedConfig = Required<Omit<AgentConfig, 'maxToolCallsPerTurn'>> &
  Pick<AgentConfig, 'maxToolCallsPerTurn'>;

export const DEFAULT_AGENT_CONFIG: ResolvedConfig = {
  maxTurns: 100,
  maxSessionTurns: -1,
  identicalCallThreshold: 5,
  shellStagnationThreshold: 8,
  softToolCallCap: 100,
  hardToolCallCap: 1000,
  validationRetryThreshold: 3,
  maxConcurrency: 10,
  rateLimitRetries: 10,
  transportRetries: 2,
  invalidStreamRetries: 4,
  serverRetries: 10,
  overflowCompressions: 1,
  compressionThreshold: 0.5,
  repeatedCallWarningThreshold: 3,
  maxWarningsPerTurn: 3,
  retryInitialDelayMs: 5000,
  retryMaxDelayMs: 30_000,
  transportDelayMs: 1000,
  invalidStreamDelayMs: 1000,
  outputRecoveryTurns: 3,
  stopHookContinuations: 3,
  liveOutputThrottleMs: 50,
  // One read_file result may be 256 KiB; a batch of several such is held back in part (E5).
  batchOutputBudgetBytes: 256 * 1024,
};

type ConfigKey = keyof AgentConfig;

/** The least value each setting accepts; every setting but the compression fraction is a whole number. */
const MINIMUM: Record<ConfigKey, number> = {
  maxTurns: 1,
  maxSessionTurns: -1, // -1: no session limit
  identicalCallThreshold: 2,
  shellStagnationThreshold: 2,
  softToolCallCap: 1,
  hardToolCallCap: 1,
  maxToolCallsPerTurn: Number.MIN_SAFE_INTEGER, // an explicit hard per-turn cap (H3); 0 or less turns it off
  validationRetryThreshold: 1,
  maxConcurrency: 1,
  rateLimitRetries: 0,
  transportRetries: 0,
  invalidStreamRetries: 0,
  serverRetries: 0,
  overflowCompressions: 0,
  compressionThreshold: 0,
  repeatedCallWarningThreshold: 1,
  maxWarningsPerTurn: 0,
  retryInitialDelayMs: 0,
  retryMaxDelayMs: 0,
  transportDelayMs: 0,
  invalidStreamDelayMs: 0,
  outputRecoveryTurns: 0,
  stopHookContinuations: 0,
  liveOutputThrottleMs: 0,
  batchOutputBudgetBytes: 0,
};

/** Why `value` cannot be the setting `key`, or null when it can. */
function problemWith(key: string, value: unknown): string | null {
  if (!Object.hasOwn(MINIMUM, key)) return 'is not a setting of the agent loop';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a finite number';
  // A fraction of the context window; above 1 it never triggers (automatic compression off).
  if (key === 'compressionThreshold') return value > 0 ? null : 'must be above 0';
  if (!Number.isInteger(value)) return 'must be a whole number';
  const minimum = MINIMUM[key as ConfigKey];
  return value < minimum ? `must be at least ${minimum}` : null;
}

/** Throws a RangeError naming every invalid setting (a programming error, caught at createAgent). */
export function resolveConfig(config: Partial<AgentConfig> | undefined): ResolvedConfig {
  const resolved: ResolvedConfig = { ...DEFAULT_AGENT_CONFIG };
  const problems: string[] = [];
  for (const [key, value] of Object.entries(config ?? {})) {
    if (value === undefined) continue;
    const problem = problemWith(key, value);
    if (problem) problems.push(`${key} ${problem} (got ${String(value)})`);
    else (resolved as unknown as Record<string, unknown>)[key] = value;
  }
  if (problems.length > 0) throw new RangeError(`Invalid agent configuration: ${problems.join('; ')}.`);
  return resolved;
}
