/**
 * Spec §3.0: every threshold is injectable; these are the defaults. `resolveConfig` fills
 * in what `deps.config` leaves out, so the rest of the loop reads plain numbers.
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

export function resolveConfig(config: Partial<AgentConfig> | undefined): ResolvedConfig {
  const resolved: ResolvedConfig = { ...DEFAULT_AGENT_CONFIG };
  for (const [key, value] of Object.entries(config ?? {})) {
    if (value !== undefined) (resolved as unknown as Record<string, unknown>)[key] = value;
  }
  return resolved;
}
