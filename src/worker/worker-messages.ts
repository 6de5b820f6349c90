/** The worker's side of protocol.ts: which posted data is a request, and the answer to one. */
import type { AppError } from '../shared/errors';
import { PROTOCOL_VERSION } from './protocol';
import type { ClientMessage, WorkerEvent } from './protocol';

export function isClientMessage(data: unknown): data is ClientMessage {
  return (
    !!data &&
    typeof data === 'object' &&
    (data as { v?: unknown }).v === PROTOCOL_VERSION &&
    typeof (data as { id?: unknown }).id === 'string' &&
    'type' in data
  );
}

/** The answer to one request: `error` or `value`, never both; absent ones are left out. */
export function responseEvent(id: string, error?: AppError, value?: unknown): WorkerEvent {
  const event: WorkerEvent = { type: 'response', id };
  if (error) event.error = error;
  if (value !== undefined) event.value = value;
  return event;
}
