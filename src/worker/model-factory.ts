/**
 * Picks the model for the settings: Gemini with the person's key, the scripted demo without
 * one. The agent gets one stable LanguageModel that delegates to the current choice, so a
 * provider change in Settings applies from the next model call (model ids are frozen per
 * interaction by the agent, spec A16).
 */
import type { LanguageModel, ModelRequest, ModelStreamPart } from '../model/types';
import { createGeminiModel } from '../model/gemini/gemini-model';
import { createScriptedModel } from '../model/scripted/scripted-model';
import type { WorkerSettings } from './protocol';

export function createModelFor(settings: WorkerSettings, scriptedDelayMs?: number): LanguageModel {
  if (settings.provider === 'gemini') {
    // Trimmed here too (a key saved before the dialog trimmed): errors redact exactly the key sent.
    const apiKey = settings.apiKey?.trim();
    if (!apiKey) return missingKeyModel();
    const options: Parameters<typeof createGeminiModel>[0] = { apiKey };
    if (settings.baseUrl) options.baseUrl = settings.baseUrl;
    return createGeminiModel(options);
  }
  return scriptedDelayMs === undefined ? createScriptedModel() : createScriptedModel({ delayMs: scriptedDelayMs });
}

/** Gemini chosen without a key: every call fails with an alert that says what to do. */
function missingKeyModel(): LanguageModel {
  return {
    provider: 'gemini',
    label: 'Gemini (no API key)',
    tokenLimit: () => 1_048_576,
    async *stream(): AsyncIterable<ModelStreamPart> {
      yield {
        type: 'error',
        error: {
          kind: 'auth',
          message: 'No Gemini API key is set. Open Settings and paste your API key, or choose the Scripted demo provider.',
        },
      };
    },
  };
}

export interface SwitchableModel extends LanguageModel {
  use(model: LanguageModel): void;
  /** A16: the model for the next interaction, while one is running. */
  useNext(model: LanguageModel): void;
  /** Makes the model given to useNext current; false when there was none. */
  switchToNext(): boolean;
  current(): LanguageModel;
}

export function createSwitchableModel(initial: LanguageModel): SwitchableModel {
  let current = initial;
  let next: LanguageModel | null = null;
  return {
    get provider() {
      return current.provider;
    },
    get label() {
      return current.label;
    },
    tokenLimit: (model: string) => current.tokenLimit(model),
    stream: (request: ModelRequest, signal: AbortSignal) => current.stream(request, signal),
    use(model) {
      current = model;
      next = null;
    },
    useNext(model) {
      next = model;
    },
    switchToNext() {
      if (!next) return false;
      current = next;
      next = null;
      return true;
    },
    current: () => current,
  };
}
