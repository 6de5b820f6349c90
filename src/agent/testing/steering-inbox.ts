/** A steering inbox in memory: what a test sends waits here until the agent takes it; `log` says every take and give-back. */
import type { SteeringInbox, SteeringMessage } from '../types';

export interface FakeSteeringInbox extends SteeringInbox {
  /** The person sends a message; `id` defaults to `s<n>`. */
  send(text: string, id?: string): void;
  /** Messages not taken, oldest first. */
  waiting(): SteeringMessage[];
  readonly log: { type: 'take' | 'give-back'; ids: string[] }[];
  /** Called inside each `take`, before it reads the inbox (a message sent at that very moment). */
  onTake?: () => void;
}

export function createFakeSteeringInbox(): FakeSteeringInbox {
  let queue: SteeringMessage[] = [];
  let sent = 0;
  const inbox: FakeSteeringInbox = {
    log: [],
    send(text, id = `s${++sent}`) {
      queue.push({ id, text });
    },
    waiting: () => [...queue],
    take() {
      inbox.onTake?.();
      const taken = queue;
      queue = [];
      inbox.log.push({ type: 'take', ids: taken.map((message) => message.id) });
      return taken;
    },
    giveBack(messages) {
      queue = [...messages, ...queue];
      inbox.log.push({ type: 'give-back', ids: messages.map((message) => message.id) });
    },
  };
  return inbox;
}
