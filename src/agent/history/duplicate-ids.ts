/**
 * Provider call ids that repeat. A call whose provider id was already used in this
 * session (a call of the stored history, or one answered since the session opened) is not
 * executed again (F8); within one batch the first call with an id wins (C11).
 */
import type { Content } from '../../shared/content';

/** What the model is told for a call under an id already answered (F8; newer Qwen wording, with the re-issue hint). */
export function DUPLICATE_CALL_ID_MESSAGE(id: string): string {
  return (
    `Duplicate provider tool call id "${id}" was already handled. ` +
    'The duplicate tool call was ignored and not executed again. ' +
    'If you intended to run this tool again, re-issue the call with a new unique tool-call id ' +
    '(or explicitly different arguments).'
  );
}

/**
 * Anything that carries a call id: a scheduler request (`callId`), a `FunctionCall`
 * (`id`), or a model `Part` holding one (`functionCall.id`).
 */
export interface CallIdCarrier {
  callId?: string;
  id?: string;
  functionCall?: { id?: string };
}

function callIdOf(call: CallIdCarrier): string | undefined {
  return call.callId ?? call.id ?? call.functionCall?.id;
}

/**
 * Keeps the first call for each id; calls (or parts) without an id are all kept (C11).
 * Works on scheduler requests and on the stored model turn's parts alike, so the
 * duplicate functionCall part is dropped from history too (our choice: Gemini wants as
 * many responses as calls).
 * Returns `calls` itself when there is no duplicate.
 */
export function dedupeCallsById<T extends CallIdCarrier>(calls: readonly T[]): T[] {
  const seen = new Set<string>();
  const kept = calls.filter((call) => {
    const id = callIdOf(call);
    if (!id) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return kept.length === calls.length ? (calls as T[]) : kept;
}

/** Every call id the history holds, on calls and on responses: ids already used (A6, F8). */
export function callIdsIn(history: readonly Content[]): Set<string> {
  const ids = new Set<string>();
  for (const content of history) {
    for (const part of content.parts) {
      const id = part.functionCall?.id ?? part.functionResponse?.id;
      if (id) ids.add(id);
    }
  }
  return ids;
}
