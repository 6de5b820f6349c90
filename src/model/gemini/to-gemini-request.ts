/**
 * Our ModelRequest → the SDK's `generateContentStream` parameters. Contents are already in
 * Gemini's shape; parts are copied field by field so nothing of ours leaks onto the wire,
 * and ids and thought signatures go back exactly as they came (spec F6).
 */
import type {
  Content as SdkContent,
  Fetch,
  FunctionResponsePart as SdkFunctionResponsePart,
  GenerateContentConfig,
  GenerateContentParameters,
  Part as SdkPart,
  ToolType,
} from '@google/genai';
import type { Content, Part } from '../../shared/content';
import type { ModelRequest } from '../types';
import { supportsThoughts } from './token-limit';
import { serverToolsSummary } from '../../shared/server-tool';

export interface RequestWiring {
  abortSignal: AbortSignal;
  /** Per-request fetch, so the adapter sees response headers (Retry-After). */
  fetch: Fetch;
  /** Ask thinking models for thought summaries. */
  includeThoughts: boolean;
  /** Offer Gemini's URL context tool beside our functions, where the model can combine them. */
  urlContext?: boolean;
}

/**
 * Gemini runs a built-in tool (URL context) in the same request as function calling only on
 * Gemini 3 models, which then return the tool's call and response as parts that must be sent
 * back (ai.google.dev/gemini-api/docs/tool-combination).
 */
export function combinesBuiltinTools(model: string): boolean {
  return /^(models\/)?gemini-3/i.test(model.trim());
}

function toSdkResponseParts(parts: Part[] | undefined): SdkFunctionResponsePart[] | undefined {
  const media = (parts ?? []).flatMap((part) =>
    part.inlineData ? [{ inlineData: { mimeType: part.inlineData.mimeType, data: part.inlineData.data } }] : [],
  );
  return media.length > 0 ? media : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function toSdkPart(part: Part): SdkPart {
  const sdkPart: SdkPart = {};
  if (part.text !== undefined) sdkPart.text = part.text;
  if (part.thought !== undefined) sdkPart.thought = part.thought;
  if (part.thoughtSignature !== undefined) sdkPart.thoughtSignature = part.thoughtSignature;
  if (part.functionCall) {
    const { id, name } = part.functionCall;
    // Gemini refuses a request whose call args are not an object. A model that sent other args
    // (a string) was told so in the call's response; the call goes back with empty args, or the
    // session could never send another request.
    const args = isPlainObject(part.functionCall.args) ? part.functionCall.args : {};
    sdkPart.functionCall = id === undefined ? { name, args } : { id, name, args };
  }
  if (part.functionResponse) {
    const { id, name, response, parts } = part.functionResponse;
    const responseParts = toSdkResponseParts(parts);
    sdkPart.functionResponse = {
      ...(id === undefined ? {} : { id }),
      name,
      response,
      ...(responseParts ? { parts: responseParts } : {}),
    };
  }
  if (part.inlineData) sdkPart.inlineData = { mimeType: part.inlineData.mimeType, data: part.inlineData.data };
  if (part.toolCall) sdkPart.toolCall = { ...part.toolCall, toolType: part.toolCall.toolType as ToolType };
  if (part.toolResponse) sdkPart.toolResponse = { ...part.toolResponse, toolType: part.toolResponse.toolType as ToolType };
  return sdkPart;
}

export function toSdkContent(content: Content): SdkContent {
  return { role: content.role, parts: content.parts.map(toSdkPart) };
}

const isServerToolPart = (part: Part): boolean => !!(part.toolCall || part.toolResponse);

/**
 * A request that does not offer the built-in tool (it was turned off, another model, a summary)
 * does not send the parts it left either: a content they alone filled says what they were.
 */
function withoutServerTools(contents: readonly Content[]): Content[] {
  if (!contents.some((content) => content.parts.some(isServerToolPart))) return contents as Content[];
  return contents.map((content) => {
    if (!content.parts.some(isServerToolPart)) return content;
    const parts = content.parts.filter((part) => !isServerToolPart(part));
    return { role: content.role, parts: parts.length > 0 ? parts : [{ text: serverToolsSummary(content.parts) ?? '' }] };
  });
}

export function toGeminiParameters(request: ModelRequest, wiring: RequestWiring): GenerateContentParameters {
  const config: GenerateContentConfig = {
    abortSignal: wiring.abortSignal,
    httpOptions: { fetch: wiring.fetch },
    // The agent runs tools and retries itself (spec B1): the SDK must do neither.
    automaticFunctionCalling: { disable: true },
    automaticContinuation: false,
  };
  if (request.systemInstruction) config.systemInstruction = request.systemInstruction;
  const urlContext = wiring.urlContext === true && !!request.tools?.length && combinesBuiltinTools(request.model);
  if (request.tools && request.tools.length > 0) {
    config.tools = [
      {
        functionDeclarations: request.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parametersJsonSchema: tool.parametersJsonSchema,
        })),
        // One tool with both, as Google's example of the combination has it.
        ...(urlContext ? { urlContext: {} } : {}),
      },
    ];
    if (urlContext) config.toolConfig = { includeServerSideToolInvocations: true };
  }
  const settings = request.config ?? {};
  if (settings.temperature !== undefined) config.temperature = settings.temperature;
  if (settings.maxOutputTokens !== undefined) config.maxOutputTokens = settings.maxOutputTokens;
  if (settings.responseMimeType !== undefined) config.responseMimeType = settings.responseMimeType;
  if (wiring.includeThoughts && supportsThoughts(request.model)) config.thinkingConfig = { includeThoughts: true };
  const contents = urlContext ? request.contents : withoutServerTools(request.contents);
  return { model: request.model, contents: contents.map(toSdkContent), config };
}
