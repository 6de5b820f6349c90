/**
 * Session switches in progress. While sessions switch, a message must not start a run (and
 * approvals) in the one being left; the session being opened is on screen before it can run,
 * so what needs it waits for the switch to end.
 */
export function createSwitchGate() {
  let opening = 0;
  const opens = new Set<Promise<unknown>>();
  return {
    /** True while a switch is under way. */
    busy: (): boolean => opening > 0,
    /** Runs a switch. */
    run<T>(work: () => Promise<T>): Promise<T> {
      opening++;
      const opened: Promise<T> = work().finally(() => {
        opening--;
        opens.delete(opened);
      });
      opens.add(opened);
      return opened;
    },
    /** Resolves once no switch is under way. */
    async settled(): Promise<void> {
      while (opening > 0) await Promise.allSettled([...opens]);
    },
  };
}
