/**
 * Keeping the conversation inside the model's window: auto and forced compression
 * (I2–I5; after the provider refused a too-long request, B5) and the pre-send overflow
 * check (A14).
 */
import type { Content } from '../shared/content';
import type { ModelRequest } from '../model/types';
import type { CompressionOutcomeStatus } from './compression/compressor';
import { estimateTokens } from './compression/token-estimate';
import { commitHistory } from './session';
import type { Session } from './session';

/**
 * Runs the compressor on the stored history; a shorter history is committed, and
 * `chat_compressed` is emitted only for COMPRESSED (I2). Rejects with an AbortError on abort.
 */
export async function compressHistory(session: Session, force: boolean, signal: AbortSignal): Promise<CompressionOutcomeStatus> {
  const { deps } = session;
  const result = await session.compressor.compress({
    history: session.history,
    lastPromptTokenCount: session.lastPromptTokenCount,
    tokenLimit: deps.model.tokenLimit(session.interaction.model),
    force,
    signal,
  });
  if (result.status === 'COMPRESSED' || result.status === 'CONTENT_TRUNCATED') {
    await commitHistory(session, result.history);
    session.lastPromptTokenCount = result.newTokenCount;
  }
  if (result.status === 'COMPRESSED') {
    deps.emit({
      type: 'chat_compressed',
      value: { originalTokenCount: result.originalTokenCount, newTokenCount: result.newTokenCount, compressionStatus: 'COMPRESSED' },
    });
  }
  return result.status;
}

/**
 * The pre-send overflow check (A14): would adding `incoming` overflow the window, given the last prompt size? Emits
 * `context_window_will_overflow` when it would.
 */
export function checkOverflow(session: Session, incoming: Content): boolean {
  const limit = session.deps.model.tokenLimit(session.interaction.model);
  const remainingTokenCount = limit - session.lastPromptTokenCount;
  const estimatedRequestTokenCount = estimateTokens([incoming]);
  if (estimatedRequestTokenCount <= remainingTokenCount) return false;
  session.deps.emit({ type: 'context_window_will_overflow', value: { estimatedRequestTokenCount, remainingTokenCount } });
  return true;
}

/**
 * Reactive compression, for the chat layer when the provider says the context is too long
 * (B5): compress once (forced) and rebuild the
 * request from the new history, or give up with null.
 */
export function overflowRecovery(
  session: Session,
  rebuild: () => ModelRequest,
): (signal: AbortSignal) => Promise<ModelRequest | null> {
  return async (signal) => {
    const status = await compressHistory(session, true, signal);
    return status === 'COMPRESSED' || status === 'CONTENT_TRUNCATED' ? rebuild() : null;
  };
}
