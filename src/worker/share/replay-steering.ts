/**
 * A replay's steering inbox (replay.ts): each recorded steering message becomes due once as many
 * of its step's responses have played as had when it joined, so the agent takes it at the same
 * boundary as in the recording.
 */
import type { SteeringInbox, SteeringMessage } from '../../agent/types';
import type { ReplayStep } from '../../share/replay-plan';

export interface RecordedSteering extends SteeringInbox {
  /** The step about to play: its steering messages wait for their boundary. */
  load(step: ReplayStep): void;
}

/** `remaining()`: how many of the loaded step's responses the model has still to play. */
export function recordedSteering(remaining: () => number): RecordedSteering {
  /** The step playing: how many responses it loaded, and its steering messages not taken yet. */
  let loaded = 0;
  let waiting: (SteeringMessage & { after: number })[] = [];
  let made = 0;
  return {
    load(step) {
      loaded = step.responses.length;
      waiting = step.steering.map((message) => ({ id: `replay-steer-${++made}`, text: message.text, after: message.after, ...(message.images ? { images: message.images } : {}) }));
    },
    take() {
      const played = loaded - remaining();
      const due = waiting.filter((message) => message.after <= played);
      waiting = waiting.filter((message) => message.after > played);
      return due.map(({ after: _after, ...message }) => message);
    },
    giveBack(messages) {
      waiting = [...messages.map((message) => ({ ...message, after: 0 })), ...waiting];
    },
  };
}
