/**
 * The provider spec: everything the agent knows about a language model.
 * Adapters (gemini/, openai/, scripted/) implement it; SDK types never leave an adapter.
 *
 * Contract: `stream` never throws and never rejects. Failures arrive as a final
 * `{type:'error'}` part, classified so the agent's retry layer can pick a budget (spec B1).
 */
import type { Content, Part } from '../shared/content';
import type { ModelFailureKind } from '../shared/error-kinds';

export interface FunctionDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parametersJsonSchema: Record<string, unknown>;
}

export interface ModelRequest {
  model: string;
  contents: Content[];
  systemInstruction?: string;
  tools?: FunctionDeclaration[];
  /** Generation settings passed through to the provider. */
  config?: { temperature?: number; maxOutputTokens?: number; responseMimeType?: string };
}

/** Every finish reason the spec knows (Gemini's names). */
export const FINISH_REASONS = [
  'STOP',
  'MAX_TOKENS',
  'SAFETY',
  'RECITATION',
  'MALFORMED_FUNCTION_CALL',
  'UNEXPECTED_TOOL_CALL',
  'OTHER',
  'FINISH_REASON_UNSPECIFIED',
] as const;

export type FinishReason = (typeof FINISH_REASONS)[number];

export interface Usage {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  totalTokenCount?: number;
  thoughtsTokenCount?: number;
}

/** A failure of a model request; its kind (shared/error-kinds.ts) maps to one retry budget or to none (spec B1, B2, B7, A11). */
export interface ModelFailure {
  kind: ModelFailureKind;
  message: string;
  /** HTTP status, when there was a response. */
  status?: number;
  /** Transport code such as ECONNRESET or ETIMEDOUT. */
  code?: string;
  /** From Retry-After or Gemini RetryInfo, when the provider gave one. */
  retryAfterMs?: number;
}

/** A source the model says its answer quotes. */
export interface Citation {
  uri: string;
  title?: string;
}

export type ModelStreamPart =
  | {
      type: 'chunk';
      /** Parts of this chunk, thoughts included (`thought: true`). */
      parts: Part[];
      finishReason?: FinishReason;
      usage?: Usage;
      /** Sources this chunk's text quotes (Gemini's citation metadata). */
      citations?: Citation[];
      /**
       * The provider's chunks as JSON that this part stands for, kept for the loop inspector:
       * one, or several text chunks that arrived together and were joined (join-text-chunks.ts).
       */
      rawChunks?: unknown[];
    }
  | { type: 'error'; error: ModelFailure };

export type ModelChunk = Extract<ModelStreamPart, { type: 'chunk' }>;

export interface LanguageModel {
  readonly provider: 'gemini' | 'openai' | 'scripted';
  /** Shown to the person wherever the model appears ("Scripted demo" is labeled as such). */
  readonly label: string;
  /** Context window in tokens, for compression, overflow checks and the context meter. */
  tokenLimit(model: string): number;
  /**
   * Asks the provider for the model's window where it can say (Gemini's models endpoint), so
   * that `tokenLimit` returns its answer from then on. Resolves with the window, or null when the
   * provider did not say; never rejects. Asked once per model: later calls share the answer.
   */
  lookUpTokenLimit?(model: string): Promise<number | null>;
  /**
   * True when `stream` awaits `StreamOptions.beforeSend` just before the request leaves, so
   * that building the request overlaps what it waits for. Otherwise the caller awaits it first.
   */
  readonly gatesSend?: boolean;
  stream(request: ModelRequest, signal: AbortSignal, options?: StreamOptions): AsyncIterable<ModelStreamPart>;
}

export interface StreamOptions {
  /**
   * Resolves once what the request rests on is stored. An adapter that says `gatesSend` awaits
   * it before sending and sends nothing when it rejects (the caller reads the rejection itself).
   */
  beforeSend?(): Promise<void>;
}
