/**
 * Picks the model for the settings: Gemini with the person's key, an OpenAI-compatible server
 * at the person's base URL (with their key, if they gave one), or the scripted demo. The agent gets one stable LanguageModel that delegates to the current choice, so a
 * provider change in Settings applies from the next model call (model ids are frozen per
 * interaction by the agent, spec A16).
 */
import type { LanguageModel, ModelRequest, ModelStreamPart, StreamOptions } from '../../model/types';
import { MISSING_KEY_MESSAGE, createGeminiModel } from '../../model/gemini/gemini-model';
import { DEFAULT_OPENAI_TOKEN_LIMIT, knownOpenAiTokenLimit } from '../../model/openai/token-limit';
import { SCRIPTED_MODEL_LABEL, createScriptedModel } from '../../model/scripted/scripted-model';
import { plainHttpProblem, requestAddress } from '../../shared/plain-http';
import type { WorkerSettings } from '../protocol';

/**
 * The model name the agent asks for: each provider has its own (Settings keeps both). The
 * scripted demo is named as itself, so no request (nor the Loop inspector) shows a Gemini
 * model it never called.
 */
export function modelNameFor(settings: WorkerSettings): string {
  if (settings.provider === 'scripted') return SCRIPTED_MODEL_LABEL;
  return settings.provider === 'openai' ? (settings.openaiModel?.trim() ?? '') : settings.model;
}

/** Settings' window for a model the provider and the tables do not know; undefined: the provider's default. */
function unknownModelTokenLimit(settings: WorkerSettings): number | undefined {
  const value = settings.unknownModelContextWindow;
  return value !== undefined && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

export function createModelFor(settings: WorkerSettings, scriptedDelayMs?: number): LanguageModel {
  const unknownLimit = unknownModelTokenLimit(settings);
  if (settings.provider === 'openai') {
    const baseUrl = settings.openaiBaseUrl?.trim();
    if (!baseUrl) return unusableModel('openai', 'No API base URL is set for the OpenAI-compatible provider. Open Settings and enter one, e.g. http://localhost:11434/v1 for Ollama.');
    if (!modelNameFor(settings)) return unusableModel('openai', 'No model is set for the OpenAI-compatible provider. Open Settings and enter the model name the server knows, e.g. qwen2.5-coder.');
    const refused = plainHttpProblem(baseUrl);
    if (refused) return unusableModel('openai', baseUrlRefusal(refused));
    const apiKey = settings.openaiApiKey?.trim();
    const tokenLimit = (model: string) => knownOpenAiTokenLimit(model) ?? unknownLimit ?? DEFAULT_OPENAI_TOKEN_LIMIT;
    // http://[::1] is requested as http://localhost: the page's CSP cannot name [::1] (shared/plain-http.ts).
    const address = requestAddress(baseUrl);
    return lazyOpenAiModel(apiKey ? { baseUrl: address, apiKey } : { baseUrl: address }, tokenLimit);
  }
  if (settings.provider === 'gemini') {
    // Trimmed here too (a key saved before the dialog trimmed): errors redact exactly the key sent.
    const apiKey = settings.apiKey?.trim();
    if (!apiKey) return unusableModel('gemini', MISSING_KEY_MESSAGE);
    const refused = settings.baseUrl ? plainHttpProblem(settings.baseUrl) : null;
    if (refused) return unusableModel('gemini', baseUrlRefusal(refused));
    const options: Parameters<typeof createGeminiModel>[0] = { apiKey };
    if (settings.baseUrl) options.baseUrl = requestAddress(settings.baseUrl);
    if (unknownLimit !== undefined) options.unknownModelTokenLimit = unknownLimit;
    if (settings.geminiUrlContext) options.urlContext = true;
    return createGeminiModel(options);
  }
  return scriptedDelayMs === undefined ? createScriptedModel() : createScriptedModel({ delayMs: scriptedDelayMs });
}

/**
 * The OpenAI-compatible adapter and its SDK (~100 KB gzip) load on the first request, so a
 * worker that never uses them does not parse them at start. A failed load is an error part.
 */
function lazyOpenAiModel(options: { baseUrl: string; apiKey?: string }, tokenLimit: (model: string) => number): LanguageModel {
  let loaded: Promise<LanguageModel> | undefined;
  return {
    provider: 'openai',
    label: 'OpenAI-compatible',
    tokenLimit,
    // The loaded adapter gates; a failed load sends nothing, and the caller then awaits the gate itself.
    gatesSend: true,
    async *stream(request: ModelRequest, signal: AbortSignal, streamOptions?: StreamOptions): AsyncIterable<ModelStreamPart> {
      let model: LanguageModel;
      try {
        loaded ??= import('../../model/openai/openai-model').then(({ createOpenAiModel }) => createOpenAiModel(options));
        model = await loaded;
      } catch (thrown) {
        loaded = undefined;
        const message = thrown instanceof Error ? thrown.message : String(thrown);
        yield { type: 'error', error: { kind: 'transport', code: 'ECONNRESET', message: `The OpenAI-compatible adapter could not be loaded (${message}). Check your connection, then try again.` } };
        return;
      }
      yield* model.stream(request, signal, streamOptions);
    },
  };
}

/** A provider chosen without what it needs: every call fails with an alert that says what to do. */
/** A base URL of plain http to another computer: its key and conversation would cross the network readable. */
function baseUrlRefusal(refused: string): string {
  return `${refused} The API base URL in Settings was not used and nothing was sent; change it in Settings.`;
}

function unusableModel(provider: LanguageModel['provider'], message: string): LanguageModel {
  return {
    provider,
    label: provider === 'gemini' ? 'Gemini (no API key)' : 'OpenAI-compatible (not set up)',
    tokenLimit: () => (provider === 'gemini' ? 1_048_576 : 32_768),
    async *stream(): AsyncIterable<ModelStreamPart> {
      // A settings problem, not the server's: never retried, like a refused key.
      yield { type: 'error', error: { kind: provider === 'gemini' ? 'auth' : 'bad-request', message } };
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
    lookUpTokenLimit: (model: string) => current.lookUpTokenLimit?.(model) ?? Promise.resolve(null),
    get gatesSend() {
      return current.gatesSend;
    },
    stream: (request: ModelRequest, signal: AbortSignal, options?: StreamOptions) => current.stream(request, signal, options),
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
