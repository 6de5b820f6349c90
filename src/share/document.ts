/**
 * The session document: one versioned format for share links, session files and (recorded)
 * lessons. It holds what a reader and a replay need and nothing about the sender's setup: no
 * API key, no settings, no approval mode, no "allow for this session" grants (the schema is
 * strict, so a document that carries any other field is refused, and an exporter cannot add one
 * by mistake).
 *
 * - `history`: the conversation as the model saw it (shared/content.ts).
 * - `roundTrips`: each model call for the Loop inspector, packed against the history and the
 *   previous call (pack-round-trips.ts) so a link does not repeat the conversation per call.
 * - `files`: the workspace at the end; `startFiles`: the workspace before the first message,
 *   where replay begins (absent when it could not be known, e.g. its checkpoints were pruned).
 * - `notes`: what was left out (large or binary files over the caps), in words for the reader.
 * - `annotations` (version 2): notes a person put beside steps, by anchor (shared/notes.ts); shown
 *   as text only, and when a replay reaches their step. Version 1 documents have none and still open.
 * - `entryId` on each history entry (version 3): its id in the session (shared/content.ts), which
 *   forks name it by. Entries of older documents, or repeated ids, get new ones when opened.
 * - `steering` on a history entry: a message the person sent while the agent worked, where it
 *   joined; optional, so documents without steering read as before.
 * - `prices`: what the sender counted each model's tokens at (US dollars per million tokens,
 *   shared/model-prices.ts), so a reader sees the costs the sender saw; optional, bounded (at most
 *   64 models, names of model-name characters, figures from 0 to 10,000), and only prices: which
 *   provider, key or endpoint the sender used is never here.
 */
import { z } from 'zod';
import { isAppErrorKind } from '../shared/error-kinds';
import { NOTE_MAX_CHARS, PROGRESS_TEXT_MAX_CHARS } from '../shared/limits';
import { ANCHOR_KEY } from '../shared/notes';
import { MAX_PRICED_MODELS, MAX_PRICE_PER_MILLION, PRICED_MODEL_NAME } from '../shared/model-prices';

export const DOCUMENT_FORMAT = 'loopscope-session';
export const DOCUMENT_VERSION = 3;


const jsonObject = z.record(z.string(), z.unknown());

const functionCall = z.strictObject({ id: z.string().optional(), name: z.string(), args: jsonObject });

/** `displayName`: an attached image's file name (shared/prompt-images.ts); optional, so older documents read as before. */
const inlineData = z.strictObject({ mimeType: z.string(), data: z.string(), displayName: z.string().max(1024).optional() });

/** A tool Gemini ran on its servers (URL context), and its response: kept to be sent back. */
const serverToolCall = z.strictObject({ id: z.string().optional(), toolType: z.string(), args: jsonObject.optional() });
const serverToolResponse = z.strictObject({ id: z.string().optional(), toolType: z.string(), response: jsonObject.optional() });

interface PartShape {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: z.infer<typeof functionCall>;
  functionResponse?: { id?: string; name: string; response: Record<string, unknown>; parts?: PartShape[] };
  inlineData?: z.infer<typeof inlineData>;
  toolCall?: z.infer<typeof serverToolCall>;
  toolResponse?: z.infer<typeof serverToolResponse>;
}

const part: z.ZodType<PartShape> = z.lazy(() =>
  z.strictObject({
    text: z.string().optional(),
    thought: z.boolean().optional(),
    thoughtSignature: z.string().optional(),
    functionCall: functionCall.optional(),
    functionResponse: z
      .strictObject({ id: z.string().optional(), name: z.string(), response: jsonObject, parts: z.array(part).optional() })
      .optional(),
    inlineData: inlineData.optional(),
    toolCall: serverToolCall.optional(),
    toolResponse: serverToolResponse.optional(),
  }),
);

export const contentSchema = z.strictObject({
  role: z.enum(['user', 'model']),
  parts: z.array(part),
  entryId: z.string().min(1).max(64).optional(),
  /** A steering message (shared/content.ts): a replay plays it where it joined. */
  steering: z.literal(true).optional(),
});

const declaration = z.strictObject({ name: z.string(), description: z.string(), parametersJsonSchema: jsonObject });

/** A kind this Loopscope does not know (a newer one wrote the document) reads as `unknown`; its message is kept. */
const errorKind = z.string().transform((kind) => (isAppErrorKind(kind) ? kind : 'unknown'));
const appError = z.strictObject({ kind: errorKind, message: z.string(), detail: z.string().optional() });

/** The Loop inspector's notes of a round-trip: its tool calls' status timelines (a step's progress in words, as the worker capped it), and loop events. */
export const roundTripNotesSchema = z.strictObject({
  toolCalls: z
    .array(z.strictObject({ callId: z.string(), name: z.string(), summary: z.string(), steps: z.array(z.strictObject({ status: z.string(), at: z.number(), progress: z.string().max(PROGRESS_TEXT_MAX_CHARS).optional() })) }))
    .optional(),
  events: z.array(z.strictObject({ type: z.enum(['steering_joined', 'chat_compressed', 'loop_detected']), value: jsonObject, at: z.number() })).optional(),
});

/** A request content: the content itself, or the index of the equal history entry. */
const packedContent = z.union([z.number().int().nonnegative(), contentSchema]);

export const packedRoundTripSchema = z.strictObject({
  id: z.string(),
  interactionId: z.string(),
  /** Times are differences, so a link carries small numbers: ms after the previous round-trip started (the first: after `createdAt`). */
  startedAt: z.number(),
  /** ms after this round-trip started; so are the notes' events and each call's first step (later steps: after the step before). */
  endedAt: z.number().optional(),
  model: z.string(),
  /** The request's contents: the first `prefix` of the previous round-trip's, then `tail`. */
  prefix: z.number().int().nonnegative(),
  tail: z.array(packedContent),
  /** Absent: the same system instruction and tools as the previous round-trip. */
  preamble: z.strictObject({ systemInstruction: z.string().optional(), tools: z.array(declaration).optional() }).optional(),
  config: z
    .strictObject({ temperature: z.number().optional(), maxOutputTokens: z.number().optional(), responseMimeType: z.string().optional() })
    .optional(),
  /** The provider's raw chunks as received. */
  response: z.array(z.unknown()),
  error: appError.optional(),
  /** Which turn (a model request and its retries) it was, for the Loop inspector. */
  turn: z.strictObject({ id: z.string(), attempt: z.number().int().positive(), purpose: z.enum(['compression', 'next_speaker']).optional() }).optional(),
  /** Made by the subagent of this `task` call (the history's call id), not by the session's own loop. */
  subagent: z.strictObject({ callId: z.string(), description: z.string().max(1000) }).optional(),
  notes: roundTripNotesSchema.optional(),
});

const pricePerMillion = z.number().nonnegative().max(MAX_PRICE_PER_MILLION);
export const modelPricesSchema = z
  .record(z.string().regex(PRICED_MODEL_NAME), z.strictObject({ input: pricePerMillion, output: pricePerMillion, cachedInput: pricePerMillion.optional() }))
  .refine((prices) => Object.keys(prices).length <= MAX_PRICED_MODELS, { message: `at most ${MAX_PRICED_MODELS} models' prices` });

const MAX_PATH_CHARS = 1024;

export const documentFileSchema = z.union([
  z.strictObject({ path: z.string().min(1).max(MAX_PATH_CHARS), text: z.string() }),
  /** Bytes as base64 (a binary file). */
  z.strictObject({ path: z.string().min(1).max(MAX_PATH_CHARS), base64: z.string() }),
]);

export const sessionDocumentSchema = z.strictObject({
  format: z.literal(DOCUMENT_FORMAT),
  version: z.union([z.literal(1), z.literal(2), z.literal(DOCUMENT_VERSION)]),
  title: z.string().max(500),
  createdAt: z.number(),
  history: z.array(contentSchema),
  roundTrips: z.array(packedRoundTripSchema),
  files: z.array(documentFileSchema),
  startFiles: z.array(documentFileSchema).optional(),
  notes: z.array(z.string()).optional(),
  annotations: z.record(z.string().regex(ANCHOR_KEY), z.string().max(NOTE_MAX_CHARS)).optional(),
  prices: modelPricesSchema.optional(),
});

export type SessionDocument = z.infer<typeof sessionDocumentSchema>;
export type DocumentFile = z.infer<typeof documentFileSchema>;
export type PackedRoundTrip = z.infer<typeof packedRoundTripSchema>;
export type DocumentRoundTripNotes = z.infer<typeof roundTripNotesSchema>;
