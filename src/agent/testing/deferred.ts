/** A promise with its resolve and reject exposed: the gate of a fake tool or model chunk. */
export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
  settled: boolean;
}

export function createDeferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  const deferred: Deferred<T> = {
    promise,
    settled: false,
    resolve(value) {
      deferred.settled = true;
      resolve(value);
    },
    reject(reason) {
      deferred.settled = true;
      reject(reason);
    },
  };
  return deferred;
}
