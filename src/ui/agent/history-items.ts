/** The transcript rebuilt from stored history (after a reload or a session switch): session-reducer.ts uses it on a session's load. */
import type { ToolCallStatus, ToolCallView } from '../../agent/types';
import type { Content } from '../../shared/content';
import { isPersonText } from '../../shared/mentions';
import { promptImagesOf } from '../../shared/prompt-images';
import { describeServerToolCall } from '../../shared/server-tool';
import type { ToolImage } from '../../shared/tool-display';
import type { ToolCard } from '../../store/types';
import type { TranscriptItem } from './session-reducer';

/**
 * A card stored before cards were kept as data (schema v5) is derived from the history: a call
 * without a result was cancelled, and a result's error text says whether it was. Only such
 * sessions are read this way.
 */
const CANCELLED_PREFIX = '[Operation Cancelled]';

function statusFromResponse(response: Record<string, unknown> | undefined): ToolCallStatus {
  if (!response) return 'cancelled';
  const error = response.error;
  if (typeof error === 'string') return error.startsWith(CANCELLED_PREFIX) ? 'cancelled' : 'error';
  return 'success';
}

function responseText(response: Record<string, unknown> | undefined): string | undefined {
  const value = response?.error ?? response?.output;
  return typeof value === 'string' ? value : undefined;
}

/**
 * Rebuilds the transcript from stored history (after a reload or a session switch). `from`: the
 * index of `history[0]` in the whole history, so items built from parts of it have distinct ids.
 * `cards`: the stored cards by call id; a call without one (stored before cards were) gets its
 * summary and status derived from the history.
 */
export function itemsFromHistory(history: readonly Content[], from = 0, cards: Readonly<Record<string, ToolCard>> = {}): TranscriptItem[] {
  const items: TranscriptItem[] = [];
  const responses = new Map<string, Record<string, unknown>>();
  /** The images a result carried (MCP tools'): its card shows them again after a reload. */
  const images = new Map<string, ToolImage[]>();
  for (const content of history) {
    for (const part of content.parts) {
      const response = part.functionResponse;
      if (!response?.id) continue;
      responses.set(response.id, response.response);
      const shown = (response.parts ?? []).flatMap((item) => (item.inlineData?.mimeType.startsWith('image/') ? [{ mimeType: item.inlineData.mimeType, data: item.inlineData.data }] : []));
      if (shown.length > 0) images.set(response.id, shown);
    }
  }
  history.forEach((content, turn) => {
    let index = 0;
    /** The images the person attached: shown with the message's (first) text. */
    let attached = promptImagesOf(content);
    content.parts.forEach((part, partIndex) => {
      const key = `h${from + turn}-${partIndex}`;
      if (part.functionCall) {
        const callId = part.functionCall.id ?? key;
        const response = responses.get(callId);
        const card = Object.hasOwn(cards, callId) ? cards[callId] : undefined;
        const view: ToolCallView = {
          callId,
          name: part.functionCall.name,
          args: part.functionCall.args,
          summary: card ? card.summary : summarizeArgs(part.functionCall.args),
          status: card ? card.status : statusFromResponse(response),
          index: index++,
          ...(card?.subagent ? { subagent: card.subagent } : {}),
          ...(card?.hookRun ? { hookRun: card.hookRun } : {}),
        };
        const text = responseText(response);
        if (text !== undefined) view.resultText = text;
        const shown = images.get(callId);
        if (shown) view.display = { type: 'text', text: text ?? '', images: shown };
        items.push({ type: 'tool', id: callId, call: view });
        return;
      }
      if (part.toolCall) {
        items.push({ type: 'notice', id: key, message: describeServerToolCall(part.toolCall), topic: 'server-tool' });
        return;
      }
      if (typeof part.text !== 'string' || part.thought || part.text.trim() === '') return;
      if (content.role === 'user') {
        // Shown as what the person typed: the mentioned files' contents that went with it are not.
        if (!isPersonText(part.text)) return;
        items.push({
          type: 'user',
          id: key,
          text: part.text,
          ...(content.entryId ? { entryId: content.entryId } : {}),
          ...(content.steering ? { steering: true as const } : {}),
          ...(attached.length > 0 ? { images: attached } : {}),
        });
        attached = [];
      } else {
        const last = items.at(-1);
        if (last?.type === 'agent') items[items.length - 1] = { ...last, text: last.text + part.text };
        else items.push({ type: 'agent', id: key, text: part.text, streaming: false, ...(content.entryId ? { entryId: content.entryId } : {}) });
      }
    });
  });
  return items;
}

/** The card title's second half for a call stored before cards were: the path, pattern or command. */
export function summarizeArgs(args: Record<string, unknown>): string {
  // `description`: a `task` call's (its card names the subagent's task).
  for (const key of ['file_path', 'dir_path', 'command', 'pattern', 'description']) {
    const value = args[key];
    if (typeof value === 'string') return value;
  }
  return '';
}

