/**
 * The order of the page's session work. Switches (open, new, fork, delete the open session…)
 * and the admission of requests made for one session (a message, a file change, a save…) go
 * through one line, in the order they arrived:
 * - a switch runs alone, from its start to the new session's runtime;
 * - a request is admitted once every switch asked for before it has ended, so it reaches the
 *   session the person saw when they made it (a session still opening is waited for, never
 *   refused), and a switch asked for after it finds its work already begun (a run to stop, a
 *   file change to wait for). Admission is only the start of the work: a long import or run
 *   does not hold the line.
 */
export interface SessionLane {
  /** True while a switch is under way. */
  busy(): boolean;
  /** Runs a switch after everything that arrived before it. */
  switch<T>(work: () => Promise<T>): Promise<T>;
  /** Admits work after every switch that arrived before it; `admission` starts the work and returns a handle to it. */
  admit<T>(admission: () => Promise<T>): Promise<T>;
}

export function createSessionLane(): SessionLane {
  let tail: Promise<unknown> = Promise.resolve();
  let switching = 0;
  const enqueue = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work);
    tail = next.catch(() => undefined);
    return next;
  };
  return {
    busy: () => switching > 0,
    switch(work) {
      return enqueue(async () => {
        switching++;
        try {
          return await work();
        } finally {
          switching--;
        }
      });
    },
    admit: (admission) => enqueue(admission),
  };
}
