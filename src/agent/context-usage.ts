/**
 * What the context meter shows: after each round-trip whose response gave its usage, the tokens
 * of its request against the model's window. The window is the provider's own word where it
 * can give one (Gemini's models endpoint), asked as the interaction starts so that the answer
 * is usually in before the first response ends; else the model's table (LanguageModel.tokenLimit).
 */
import { raceAbort } from './abortable';
import type { Run } from './session';

/** Asks the provider for the window of the interaction's model; the model keeps the answer. */
export function startTokenLimitLookUp(run: Run): void {
  void run.services.deps.model.lookUpTokenLimit?.(run.interaction.model);
}

/** Emits `context_usage`, once the provider's answer on the window is in (or Stop is pressed). */
export async function reportContextUsage(run: Run, promptTokenCount: number): Promise<void> {
  const { interaction } = run;
  const { deps } = run.services;
  const lookUp = deps.model.lookUpTokenLimit?.(interaction.model);
  if (lookUp) await raceAbort(lookUp, interaction.signal).catch(() => null);
  const tokenLimit = deps.model.tokenLimit(interaction.model);
  deps.emit({ type: 'context_usage', value: { promptTokenCount, tokenLimit, model: interaction.model } });
}
