/**
 * Calls one optional hook (J1–J4, C, E4). A hook that throws, or is still running when the
 * signal aborts, counts as "no decision": hooks never break the loop (J7).
 */
import { raceAbort } from './abortable';
import type { HookDecision, Hooks } from './types';

export type HookInput<K extends keyof Hooks> = Parameters<NonNullable<Hooks[K]>>[0];

export async function callHook<K extends keyof Hooks>(
  hooks: Hooks | undefined,
  name: K,
  input: HookInput<K>,
): Promise<HookDecision | undefined> {
  const hook = hooks?.[name] as ((input: HookInput<K>) => Promise<HookDecision | void>) | undefined;
  if (!hook) return undefined;
  try {
    const decision = await raceAbort(Promise.resolve(hook.call(hooks, input)), input.signal);
    return decision ?? undefined;
  } catch {
    return undefined;
  }
}

/** `reason` of a stop/block decision, with a fallback the person can read. */
export function decisionReason(decision: HookDecision, fallback: string): string {
  return decision.reason ?? decision.systemMessage ?? fallback;
}

/** What a stop/block decision tells: its reason (or `fallback`), and its systemMessage when it has one. */
export function decisionMessage(decision: HookDecision, fallback: string): { reason: string; systemMessage?: string } {
  const reason = decisionReason(decision, fallback);
  return decision.systemMessage === undefined ? { reason } : { reason, systemMessage: decision.systemMessage };
}

/**
 * A hook input holding `value` under `key` as a private copy, made only when the hook reads it
 * (a model request holds the whole history; most hooks never look at it).
 */
export function copyOnRead<Key extends string, Value>(key: Key, value: Value, signal: AbortSignal): { [K in Key]: Value } & { signal: AbortSignal } {
  let copy: Value | undefined;
  const input = { signal };
  Object.defineProperty(input, key, { enumerable: true, get: () => (copy ??= structuredClone(value)) });
  return input as { [K in Key]: Value } & { signal: AbortSignal };
}
