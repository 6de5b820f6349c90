/**
 * The scripted demo model, used when the person has no API key. It implements the same
 * LanguageModel spec as Gemini; the agent loop, tools, approvals and sandbox all run for
 * real, and only the replies come from bundled lessons (see choose-reply.ts).
 *
 * Replies stream in small chunks with a short delay so streaming is visible, end with
 * finishReason STOP, and carry function calls without ids (the agent mints them).
 */
import { abortError, sleep } from '../../shared/abort';
import type { Part } from '../../shared/content';
import { isAbortError } from '../../shared/errors';
import type { LanguageModel, ModelRequest, ModelStreamPart, Usage } from '../types';
import { chooseReply } from './choose-reply';
import type { Lesson, LessonInfo, ScriptedReply } from './lesson-types';
import { BUNDLED_LESSONS } from './lessons/bundled-lessons';

export const SCRIPTED_MODEL_LABEL = 'Scripted demo';
export const DEFAULT_SCRIPTED_DELAY_MS = 15;
const WORDS_PER_CHUNK = 4;

/** The bundled lessons, for the UI's "start a lesson" buttons (send `prompt` as the message). */
export const LESSONS: readonly LessonInfo[] = BUNDLED_LESSONS.map(({ id, title, prompt, description }) => ({
  id,
  title,
  prompt,
  description,
}));

export interface ScriptedModelOptions {
  lessons?: Lesson[];
  /** Pause between streamed chunks; 0 in tests. */
  delayMs?: number;
}

/** Splits text into runs of a few words, whitespace kept, so the pieces join back exactly. */
export function splitIntoChunks(text: string, wordsPerChunk = WORDS_PER_CHUNK): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerChunk) {
    chunks.push(words.slice(index, index + wordsPerChunk).join(''));
  }
  return chunks;
}

function estimateTokens(value: unknown): number {
  return Math.ceil(JSON.stringify(value ?? '').length / 4);
}

function chunkPart(parts: Part[], finish?: { usage: Usage }): ModelStreamPart {
  const candidate = { content: { role: 'model', parts }, ...(finish ? { finishReason: 'STOP' } : {}) };
  const raw = { candidates: [candidate], ...(finish ? { usageMetadata: finish.usage } : {}), modelVersion: 'scripted-demo' };
  return finish
    ? { type: 'chunk', parts, finishReason: 'STOP', usage: finish.usage, rawChunks: [raw] }
    : { type: 'chunk', parts, rawChunks: [raw] };
}

/** The reply as the stream parts a provider would send, before pacing. */
export function replyChunks(reply: ScriptedReply, request: ModelRequest): ModelStreamPart[] {
  const parts: ModelStreamPart[] = [];
  for (const piece of splitIntoChunks(reply.thought ?? '')) parts.push(chunkPart([{ text: piece, thought: true }]));
  for (const piece of splitIntoChunks(reply.text ?? '')) parts.push(chunkPart([{ text: piece }]));
  // Copies, so an agent that normalizes arguments cannot change the lesson data.
  const calls: Part[] = (reply.calls ?? []).map((call) => ({ functionCall: { name: call.name, args: structuredClone(call.args) } }));
  const promptTokenCount = estimateTokens([request.systemInstruction, request.contents, request.tools]);
  const candidatesTokenCount = estimateTokens(reply);
  const usage: Usage = { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount };
  parts.push(chunkPart(calls, { usage }));
  return parts;
}

async function* streamScripted(
  request: ModelRequest,
  signal: AbortSignal,
  lessons: readonly Lesson[],
  delayMs: number,
): AsyncGenerator<ModelStreamPart> {
  try {
    if (signal.aborted) throw abortError();
    const chunks = replyChunks(chooseReply(request, lessons), request);
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0 && delayMs > 0) await sleep(delayMs, signal);
      if (signal.aborted) throw abortError();
      yield chunk;
    }
  } catch (thrown) {
    // A lesson step that throws is a bug in the lesson; still honour "stream never throws".
    const aborted = signal.aborted || isAbortError(thrown);
    yield {
      type: 'error',
      error: aborted
        ? { kind: 'aborted', message: 'The request to the model was stopped.' }
        : { kind: 'unknown', message: `The scripted demo failed: ${String(thrown)}. Start a new session and try again.` },
    };
  }
}

export function createScriptedModel(options: ScriptedModelOptions = {}): LanguageModel {
  const lessons = options.lessons ?? BUNDLED_LESSONS;
  const delayMs = options.delayMs ?? DEFAULT_SCRIPTED_DELAY_MS;
  return {
    provider: 'scripted',
    label: SCRIPTED_MODEL_LABEL,
    tokenLimit: () => 1_048_576,
    stream(request, signal) {
      return streamScripted(request, signal, lessons, delayMs);
    },
  };
}
