/**
 * The summarizer behind compression (I2): an ordinary, visible model call. It goes
 * through the chat layer, so it is retried like any call, recorded as a round trip and
 * announced with round_trip_start/end; only its text is not shown as agent content.
 */
import type { Content } from '../../shared/content';
import { textContent, visibleText } from '../../shared/content';
import { abortError } from '../../shared/abort';
import { sendMessageStream } from '../chat/chat';
import type { ChatDependencies } from '../chat/chat';
import { COMPRESSION_PROMPT } from './compression-prompt';
import { SummaryTruncatedError } from './compressor';
import { buildRequestContents } from '../history/request-contents';

export const SUMMARIZE_REQUEST = 'Write the <state_snapshot> of the conversation above now.';

/** Resolves with the summary text; rejects when the call fails (the compressor records a failure). */
export async function summarizeHistory(
  deps: ChatDependencies,
  model: string,
  contents: readonly Content[],
  signal: AbortSignal,
): Promise<string> {
  const request = {
    model,
    contents: buildRequestContents([...contents, textContent('user', SUMMARIZE_REQUEST)]),
    systemInstruction: COMPRESSION_PROMPT,
  };
  // Retries happen inside; the person sees them as `retry` events like any other call.
  for await (const event of sendMessageStream(deps, request, signal, { isFunctionResponse: false, purpose: 'compression' })) {
    switch (event.type) {
      case 'chunk':
        break;
      case 'retry':
        deps.emit({ type: 'retry', value: event.info });
        break;
      case 'done':
        if (event.reply.finishReason === 'MAX_TOKENS') throw new SummaryTruncatedError();
        return visibleText({ role: 'model', parts: event.reply.parts });
      case 'failed':
        if (event.failure.type === 'cancelled') throw abortError();
        throw new Error(event.failure.type === 'model' ? event.failure.failure.message : event.failure.invalid.message);
    }
  }
  throw abortError();
}
