/**
 * The stored history's shape rules (F3–F7) and the one function that turns stored
 * history into the `contents` of a model request. All functions are pure and return
 * their input array itself when they change nothing.
 */
import { isPlainText } from '../../shared/content';
import type { Content, Part } from '../../shared/content';
import { repairOrphanedToolUseTurns } from './orphan-repair';

/** Gemini accepts this in place of a real thought signature (F6; Gemini CLI's constant). */
export const SYNTHETIC_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** The model turn that closes a tool-result turn the model never answered (F4). */
export const INTERRUPTED_RESPONSE_PLACEHOLDER = '[The previous response was interrupted before it completed.]';

/**
 * The contents of every model request: pair every call with a response (F2) → leave out
 * invalid model turns (F5) → drop unpaired responses → give calls thought signatures (F6)
 * → merge same-role neighbours (F3). In the result every call is answered by exactly one
 * response in the next user turn and no two neighbours share a role, for any history whose
 * functionCalls sit in model turns and functionResponses in user turns (see
 * request-contents.property.test.ts).
 */
export function buildRequestContents(history: readonly Content[]): Content[] {
  const repaired = repairOrphanedToolUseTurns(history);
  const curated = curateHistory(repaired);
  const paired = dropUnpairedFunctionResponses(curated);
  const signed = ensureThoughtSignatures(paired);
  return coalesceConsecutiveRoles(signed);
}

/** Merges the parts of consecutive same-role Contents: Gemini answers 400 otherwise (F3). */
export function coalesceConsecutiveRoles(contents: readonly Content[]): Content[] {
  const merged: Content[] = [];
  let changed = false;
  for (const content of contents) {
    const last = merged[merged.length - 1];
    if (last && last.role === content.role) {
      merged[merged.length - 1] = { ...last, parts: [...last.parts, ...content.parts] };
      changed = true;
    } else {
      merged.push(content);
    }
  }
  return changed ? merged : (contents as Content[]);
}

/**
 * A part with no payload, or a non-thought empty-text part with nothing else in it. A
 * thought signature is a payload: Gemini streams it alone in an empty-text part at the end
 * of a turn, and that turn must go back whole (F6).
 */
function isInvalidPart(part: Part): boolean {
  const hasOtherPayload = !!(part.functionCall || part.functionResponse || part.inlineData || part.thoughtSignature || part.toolCall || part.toolResponse);
  if (hasOtherPayload) return false;
  if (part.text === undefined) return !part.thought;
  return part.text === '' && !part.thought;
}

function isValidModelContent(content: Content): boolean {
  return content.parts.length > 0 && !content.parts.some(isInvalidPart);
}

/**
 * Curation (F5, Gemini CLI `extractCuratedHistory`): an invalid model turn excludes its
 * whole run of consecutive model turns from the request. User turns are always kept.
 */
export function curateHistory(contents: readonly Content[]): Content[] {
  const curated: Content[] = [];
  let index = 0;
  while (index < contents.length) {
    const content = contents[index];
    if (content?.role !== 'model') {
      if (content) curated.push(content);
      index++;
      continue;
    }
    const run: Content[] = [];
    for (let next = contents[index]; next?.role === 'model'; next = contents[++index]) run.push(next);
    if (run.every(isValidModelContent)) curated.push(...run);
  }
  return curated.length === contents.length ? (contents as Content[]) : curated;
}

/**
 * Request hygiene after curation: a functionResponse is kept only when the model turn
 * right before its run of user turns has a call with that id, and only its first copy.
 * Catches responses whose call turn curation just excluded, late real results left
 * behind after repair synthesized an error, and stray or id-less responses. User turns this
 * empties are dropped. Requests only: stored history is never filtered this way.
 */
export function dropUnpairedFunctionResponses(contents: readonly Content[]): Content[] {
  const result: Content[] = [];
  let changed = false;
  let expected = new Set<string>();
  let seen = new Set<string>();
  for (const content of contents) {
    if (content.role === 'model') {
      expected = new Set(content.parts.flatMap((part) => (part.functionCall?.id ? [part.functionCall.id] : [])));
      seen = new Set();
      result.push(content);
      continue;
    }
    const parts = content.parts.filter((part) => {
      if (!part.functionResponse) return true;
      const id = part.functionResponse.id;
      if (!id || !expected.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    if (parts.length === content.parts.length) {
      result.push(content);
      continue;
    }
    changed = true;
    if (parts.length > 0) result.push({ ...content, parts });
  }
  return changed ? result : (contents as Content[]);
}

/**
 * Index where the active loop starts: the last run of consecutive user turns that has
 * text and no functionResponse. Runs, not single turns, because the request coalesces
 * them: a reminder turn stored right after a tool result is sent inside that result's
 * turn, so it does not start a new loop. With no such run, the whole history is active.
 */
function activeLoopStart(contents: readonly Content[]): number {
  let end = contents.length;
  while (end > 0) {
    let start = end;
    while (start > 0 && contents[start - 1]?.role === 'user') start--;
    const run = contents.slice(start, end).flatMap((content) => content.parts);
    if (run.some((part) => !!part.text && !part.thought) && !run.some((part) => part.functionResponse)) return start;
    end = start === end ? end - 1 : start;
  }
  return 0;
}

/**
 * Thought signatures (F6): in the active loop — from the last user turn with text and no
 * functionResponse, or the whole history when there is none — the first functionCall part
 * of every model turn carries a thoughtSignature. Existing signatures are kept exactly.
 */
export function ensureThoughtSignatures(contents: readonly Content[]): Content[] {
  let result: Content[] | undefined;
  for (let index = activeLoopStart(contents); index < contents.length; index++) {
    const content = contents[index];
    if (content?.role !== 'model') continue;
    const callIndex = content.parts.findIndex((part) => part.functionCall);
    const call = content.parts[callIndex];
    if (!call || call.thoughtSignature) continue;
    const parts = [...content.parts];
    parts[callIndex] = { ...call, thoughtSignature: SYNTHETIC_THOUGHT_SIGNATURE };
    result ??= [...contents];
    result[index] = { ...content, parts };
  }
  return result ?? (contents as Content[]);
}

/**
 * Closes a dangling tool-result turn (F4). Call before storing a new user message that is
 * not a tool result: when the history ends with a user turn holding functionResponses,
 * the model's reply to them never landed, so a placeholder model turn keeps the roles
 * alternating.
 */
export function closeDanglingToolResultTurn(history: readonly Content[]): Content[] {
  const last = history[history.length - 1];
  if (last?.role !== 'user' || !last.parts.some((part) => part.functionResponse)) return history as Content[];
  return [...history, { role: 'model', parts: [{ text: INTERRUPTED_RESPONSE_PLACEHOLDER }] }];
}

/**
 * For storing a model turn: thought parts are dropped (A5); a signature they carried
 * moves onto the first functionCall, unless that call already has its own (F6).
 */
export function stripThoughts(parts: Part[]): Part[] {
  const kept = parts.filter((part) => !part.thought);
  if (kept.length === parts.length) return parts;
  const signature = parts.find((part) => part.thought && part.thoughtSignature)?.thoughtSignature;
  const callIndex = kept.findIndex((part) => part.functionCall);
  const call = kept[callIndex];
  if (signature && call && !call.thoughtSignature) kept[callIndex] = { ...call, thoughtSignature: signature };
  return kept;
}

/**
 * Parts that carry nothing (an empty text part without a thought signature, an empty
 * part) are not stored (F7): one of them would make the whole turn invalid, and curation
 * (F5) would then drop the turn, its calls and their results from every later request.
 */
export function dropEmptyParts(parts: Part[]): Part[] {
  const kept = parts.filter((part) => !isInvalidPart(part));
  return kept.length === parts.length ? parts : kept;
}

/** Merges runs of adjacent plain-text parts of a streamed model turn into one part each, before it is stored (F7). */
export function mergeAdjacentText(parts: Part[]): Part[] {
  const merged: Part[] = [];
  let changed = false;
  for (const part of parts) {
    const last = merged[merged.length - 1];
    if (last && isPlainText(last) && isPlainText(part)) {
      merged[merged.length - 1] = { ...last, text: `${last.text ?? ''}${part.text ?? ''}` };
      changed = true;
    } else {
      merged.push(part);
    }
  }
  return changed ? merged : parts;
}
