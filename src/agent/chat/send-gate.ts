/**
 * What a model request waits for before it leaves: a commit still being written (the
 * session's `beforeRequest`). Asked once per call however many times it is awaited, so the
 * adapter (which awaits it just before sending, when it `gatesSend`) and the chat (which
 * awaits it after an attempt, or first for an adapter that does not gate) share one answer.
 */
export interface SendGate {
  /** Resolves once the commit is stored; rejects with its refusal. */
  wait(): Promise<void>;
  /** The gate was asked and refused: the attempt sent nothing. */
  readonly refused: boolean;
}

export function createSendGate(beforeRequest: (() => Promise<void>) | undefined): SendGate {
  let asked: Promise<void> | undefined;
  let refused = false;
  return {
    wait() {
      asked ??= (beforeRequest?.() ?? Promise.resolve()).catch((thrown: unknown) => {
        refused = true;
        throw thrown;
      });
      return asked;
    },
    get refused() {
      return refused;
    },
  };
}
