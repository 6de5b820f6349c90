/**
 * One chunk of Gemini's stream → our `{type:'chunk'}` part. Thoughts, thought signatures and
 * function-call ids are kept exactly; a missing id stays missing (the agent mints ids,
 * reliability rule 3). Tools Gemini ran on its own servers (toolCall, toolResponse) are kept
 * as sent. Parts we have no field for (code execution, file data) are left out of `parts`
 * but stay visible in `rawChunks`.
 */
import type { Part as SdkPart } from '@google/genai';
import type { Part } from '../../shared/content';
import type { Citation, FinishReason, ModelChunk, Usage } from '../types';
import { FINISH_REASONS } from '../types';
import type { WireChunk } from './stream-events';

const ourFinishReasons: ReadonlySet<string> = new Set<FinishReason>(FINISH_REASONS);

/** Gemini's content-policy reasons, all reported to the agent as SAFETY. */
const safetyReasons: ReadonlySet<string> = new Set([
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
]);

export function toFinishReason(reason: string | undefined): FinishReason | undefined {
  if (reason === undefined) return undefined;
  if (ourFinishReasons.has(reason)) return reason as FinishReason;
  if (safetyReasons.has(reason)) return 'SAFETY';
  if (reason === 'IMAGE_RECITATION') return 'RECITATION';
  return 'OTHER';
}

export function fromSdkPart(sdkPart: SdkPart): Part | undefined {
  const part: Part = {};
  if (typeof sdkPart.text === 'string') part.text = sdkPart.text;
  if (sdkPart.thought === true) part.thought = true;
  if (typeof sdkPart.thoughtSignature === 'string') part.thoughtSignature = sdkPart.thoughtSignature;
  if (sdkPart.functionCall) {
    const { id, name, args } = sdkPart.functionCall;
    // A copy: the chunk itself is kept as sent for the loop inspector.
    part.functionCall = { name: name ?? '', args: structuredClone(args ?? {}) };
    if (typeof id === 'string' && id !== '') part.functionCall.id = id;
  }
  // A tool Gemini ran itself (URL context): kept whole, to be sent back as received.
  if (sdkPart.toolCall) {
    const { id, toolType, args } = sdkPart.toolCall;
    part.toolCall = { toolType: toolType ?? 'TOOL_TYPE_UNSPECIFIED', ...(args ? { args: structuredClone(args) } : {}), ...(typeof id === 'string' ? { id } : {}) };
  }
  if (sdkPart.toolResponse) {
    const { id, toolType, response } = sdkPart.toolResponse;
    part.toolResponse = { toolType: toolType ?? 'TOOL_TYPE_UNSPECIFIED', ...(response ? { response: structuredClone(response) } : {}), ...(typeof id === 'string' ? { id } : {}) };
  }
  if (sdkPart.inlineData?.data !== undefined) {
    part.inlineData = { mimeType: sdkPart.inlineData.mimeType ?? 'application/octet-stream', data: sdkPart.inlineData.data };
  }
  return Object.keys(part).length > 0 ? part : undefined;
}

function toUsage(response: WireChunk): Usage | undefined {
  const metadata = response.usageMetadata;
  if (!metadata) return undefined;
  const usage: Usage = {};
  if (metadata.promptTokenCount !== undefined) usage.promptTokenCount = metadata.promptTokenCount;
  if (metadata.candidatesTokenCount !== undefined) usage.candidatesTokenCount = metadata.candidatesTokenCount;
  if (metadata.totalTokenCount !== undefined) usage.totalTokenCount = metadata.totalTokenCount;
  if (metadata.thoughtsTokenCount !== undefined) usage.thoughtsTokenCount = metadata.thoughtsTokenCount;
  return usage;
}

interface WireCitation {
  uri?: unknown;
  title?: unknown;
}

/** Gemini's wire JSON names them `citationSources`; the SDK's types, `citations`. */
function toCitations(metadata: unknown): Citation[] {
  if (!metadata || typeof metadata !== 'object') return [];
  const { citationSources, citations } = metadata as { citationSources?: unknown; citations?: unknown };
  const sources = [citationSources, citations].flatMap((list) => (Array.isArray(list) ? (list as WireCitation[]) : []));
  return sources.flatMap((source) => {
    if (typeof source?.uri !== 'string' || source.uri === '') return [];
    return [typeof source.title === 'string' && source.title !== '' ? { uri: source.uri, title: source.title } : { uri: source.uri }];
  });
}

/**
 * `response` is one chunk of the stream as Gemini sent it (plain JSON in the SDK's type). It is
 * also kept as the record (`rawChunks`, safe to post between threads): what is passed on is
 * copied, so the record stays as sent.
 */
export function fromGeminiChunk(response: WireChunk): ModelChunk {
  const candidate = response.candidates?.[0];
  const parts = (candidate?.content?.parts ?? []).flatMap((sdkPart) => {
    const part = fromSdkPart(sdkPart);
    return part ? [part] : [];
  });
  let finishReason = toFinishReason(candidate?.finishReason);
  const blocked = response.promptFeedback?.blockReason;
  if (!candidate && blocked) finishReason = blocked === 'SAFETY' || safetyReasons.has(blocked) ? 'SAFETY' : 'OTHER';
  const chunk: ModelChunk = { type: 'chunk', parts, rawChunks: [response] };
  if (finishReason) chunk.finishReason = finishReason;
  const usage = toUsage(response);
  if (usage) chunk.usage = usage;
  const citations = toCitations(candidate?.citationMetadata);
  if (citations.length > 0) chunk.citations = citations;
  return chunk;
}
