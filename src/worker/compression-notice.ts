import type { CompressionStatus } from '../agent/types';

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
