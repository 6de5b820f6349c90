/**
 * Keeping the conversation inside the model's window, for the loop: compression before a
 * request (automatic, or forced by the person), again after the provider refused a request
 * as too long (B5), and the check that refuses a message that would not fit (A14).
 */
import type { Content } from '../../shared/content';
import type { ModelRequest } from '../../model/types';
import { commitHistory } from '../session';
import type { Run } from '../session';
import type { CompressionOutcomeStatus } from './compressor';
import { estimateTokens } from './token-estimate';

/**
 * Runs the compressor on the stored history; a shorter history is committed, and
 * `chat_compressed` is emitted only for COMPRESSED (I2). Rejects with an AbortError on abort.
 */
export async function compressHistory(run: Run, force: boolean, signal: AbortSignal): Promise<CompressionOutcomeStatus> {
  const { services, state } = run;
  const result = await services.compressor.compress({
    history: state.history,
    lastPromptTokenCount: state.lastPromptTokenCount,
    tokenLimit: services.deps.model.tokenLimit(run.interaction.model),
    force,
    signal,
  });
  if (result.status === 'COMPRESSED' || result.status === 'CONTENT_TRUNCATED') {
    await commitHistory(run, result.history);
    state.lastPromptTokenCount = result.newTokenCount;
  }
  if (result.status === 'COMPRESSED') {
    services.deps.emit({
      type: 'chat_compressed',
      value: { originalTokenCount: result.originalTokenCount, newTokenCount: result.newTokenCount, compressionStatus: 'COMPRESSED' },
    });
  }
  return result.status;
}

/**
 * Would adding `incoming` overflow the window, given the last prompt's size (A14)? Emits
 * `context_window_will_overflow` when it would.
 */
export function wouldOverflow(run: Run, incoming: Content): boolean {
  const { deps } = run.services;
  const remainingTokenCount = deps.model.tokenLimit(run.interaction.model) - run.state.lastPromptTokenCount;
  const estimatedRequestTokenCount = estimateTokens([incoming]);
  if (estimatedRequestTokenCount <= remainingTokenCount) return false;
  deps.emit({ type: 'context_window_will_overflow', value: { estimatedRequestTokenCount, remainingTokenCount } });
  return true;
}

/**
 * Reactive compression, for the chat layer when the provider says the context is too long
 * (B5): compress once (forced) and rebuild the request from the new history, or give up with null.
 */
export function overflowRecovery(run: Run, rebuild: () => ModelRequest): (signal: AbortSignal) => Promise<ModelRequest | null> {
  return async (signal) => {
    const status = await compressHistory(run, true, signal);
    return status === 'COMPRESSED' || status === 'CONTENT_TRUNCATED' ? rebuild() : null;
  };
}
