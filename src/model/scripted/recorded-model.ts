/**
 * The recorded-responses model: the scripted demo generalized to any recording. It answers
 * each request with the next model Content of a recording (a shared session's history), streamed
 * in small chunks like the scripted demo, call ids and thought signatures kept as recorded, so
 * the agent, tools and approvals run for real on replay and produce the same history.
 *
 * The driver (worker/share/replay.ts) hands it one interaction's responses at a time (`load`), sets
 * the pace (`delayMs`, 0 = instant) and is told of each response played (`onResponse`).
 */
import { abortError, sleep } from '../../shared/abort';
import type { Content, Part } from '../../shared/content';
import { isAbortError, messageOf } from '../../shared/errors';
import type { LanguageModel, ModelStreamPart, Usage } from '../types';
import { splitIntoChunks } from './scripted-model';

export const RECORDED_MODEL_LABEL = 'Recorded session (replay)';

export interface RecordedModel extends LanguageModel {
  /** The responses to play next, in order (the previous ones not played are dropped). */
  load(responses: readonly Content[]): void;
  /** Responses loaded and not yet played. */
  remaining(): number;
}

export interface RecordedModelOptions {
  /** Pause between streamed chunks, read at every chunk so a speed change applies at once. */
  delayMs(): number;
  /** Called as each response starts playing. */
  onResponse?(): void;
}

const estimate = (value: unknown) => Math.ceil((JSON.stringify(value ?? '')?.length ?? 0) / 4);

/** A response as the chunks a provider would stream: text in runs of words, other parts whole. */
export function responseChunks(response: Content, usage: Usage): ModelStreamPart[] {
  const pieces: Part[][] = [];
  for (const part of response.parts) {
    const keys = Object.keys(part);
    if (typeof part.text === 'string' && keys.every((key) => key === 'text' || key === 'thought')) {
      for (const text of splitIntoChunks(part.text)) pieces.push([{ ...part, text }]);
    } else pieces.push([structuredClone(part)]);
  }
  if (pieces.length === 0) pieces.push([]);
  // Raw chunks in Gemini's shape, like the scripted demo's, for the Loop inspector.
  const raw = (parts: Part[], last: boolean) => ({
    candidates: [{ content: { role: 'model', parts }, ...(last ? { finishReason: 'STOP' } : {}) }],
    ...(last ? { usageMetadata: usage } : {}),
    modelVersion: 'recorded-session',
  });
  return pieces.map((parts, index) =>
    index === pieces.length - 1
      ? { type: 'chunk', parts, finishReason: 'STOP', usage, rawChunks: [raw(parts, true)] }
      : { type: 'chunk', parts, rawChunks: [raw(parts, false)] },
  );
}

export function createRecordedModel(options: RecordedModelOptions): RecordedModel {
  let queue: Content[] = [];
  async function* stream(request: Parameters<LanguageModel['stream']>[0], signal: AbortSignal): AsyncGenerator<ModelStreamPart> {
    try {
      if (signal.aborted) throw abortError();
      const response = queue.shift();
      if (!response) {
        yield { type: 'error', error: { kind: 'bad-request', message: 'The recording has no more responses for this request, so the replay stops here.' } };
        return;
      }
      options.onResponse?.();
      const promptTokenCount = estimate([request.systemInstruction, request.contents, request.tools]);
      const candidatesTokenCount = estimate(response);
      const chunks = responseChunks(response, { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount });
      for (const [index, chunk] of chunks.entries()) {
        const delay = options.delayMs();
        if (index > 0 && delay > 0) await sleep(delay, signal);
        if (signal.aborted) throw abortError();
        yield chunk;
      }
    } catch (thrown) {
      yield {
        type: 'error',
        error: signal.aborted || isAbortError(thrown) ? { kind: 'aborted', message: 'The request to the model was stopped.' } : { kind: 'unknown', message: `The replay failed: ${messageOf(thrown)}` },
      };
    }
  }
  return {
    provider: 'scripted',
    label: RECORDED_MODEL_LABEL,
    tokenLimit: () => 1_048_576,
    stream,
    load(responses) {
      queue = [...responses];
    },
    remaining: () => queue.length,
  };
}
