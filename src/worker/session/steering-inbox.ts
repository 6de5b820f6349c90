/**
 * The run's steering inbox (agent/steering.ts): messages the person sent while the agent works
 * wait here, oldest first, until the agent takes them at a boundary. When the run ends, what is
 * still here is handed back (`drain`), in order, for the page to give back to the person: none
 * is lost, none is taken twice.
 */
import type { SteeringInbox, SteeringMessage } from '../../agent/types';

export interface RunSteeringInbox extends SteeringInbox {
  send(message: SteeringMessage): void;
  /** Everything still waiting, oldest first; the inbox is empty after. */
  drain(): SteeringMessage[];
}

export function createSteeringInbox(): RunSteeringInbox {
  let waiting: SteeringMessage[] = [];
  const drain = (): SteeringMessage[] => {
    const taken = waiting;
    waiting = [];
    return taken;
  };
  return {
    send(message) {
      waiting.push(message);
    },
    take: drain,
    giveBack(messages) {
      waiting = [...messages, ...waiting];
    },
    drain,
  };
}
