import type { CompressionStatus } from '../../agent/types';
import type { AppError } from '../../shared/errors';
import type { WorkerEvent } from '../protocol';
import type { RunSlot } from './run-slot';
import type { SessionRuntime } from './session-runtime';

/** What a manual Compress that did not compress tells the person. */
export function compressionNotice(status: CompressionStatus): string {
  switch (status) {
    case 'NOOP':
      return 'Nothing to compress yet: the history is already short.';
    case 'CONTENT_TRUNCATED':
      return 'Compressed by truncating old tool outputs; no summary was needed.';
    case 'COMPRESSION_FAILED_INFLATED_TOKEN_COUNT':
      return 'Compression was not applied: the summary was longer than the history it would replace.';
    case 'COMPRESSION_FAILED_EMPTY_SUMMARY':
      return 'Compression was not applied: the model returned an empty summary.';
    case 'COMPRESSION_FAILED_OUTPUT_TRUNCATED':
      return 'Compression was not applied: the summary was cut off at the output limit.';
    case 'COMPRESSION_FAILED_API_ERROR':
    case 'COMPRESSION_FAILED_TOKEN_COUNT_ERROR':
      return 'Compression was not applied: the summary could not be made (see the Loop inspector).';
    case 'COMPRESSED':
      return 'Compressed.';
  }
}

/**
 * The `compress` request: a run of its own, so nothing else may change the history meanwhile
 * and Stop cancels it; the person is told when it did not compress.
 */
export async function compressRequest(
  runtime: SessionRuntime | null,
  runs: RunSlot,
  post: (event: WorkerEvent) => void,
): Promise<{ error?: AppError; value?: CompressionStatus }> {
  if (!runtime || runs.busy()) return { error: { kind: 'busy', message: 'Compress when the agent is idle.' } };
  const { done, signal } = runs.begin(runtime, (aborted) => runtime.agent.compress(aborted));
  const status = await done;
  if (signal.aborted) post({ type: 'notice', level: 'info', message: 'Compression stopped; the history is unchanged.' });
  else if (status !== 'COMPRESSED') post({ type: 'notice', level: 'info', message: compressionNotice(status) });
  return { value: status };
}
