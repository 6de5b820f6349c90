/**
 * Test support: every just-bash InMemoryFs built while a test mocks `just-bash` with
 * `recordingJustBash` (see argument-faults.test.ts), so the test can look at the whole virtual
 * file system of an offline sandbox, outside the workspace included, without a shell.
 * This module must not import just-bash itself (the mock factory imports it).
 */
import type { IFileSystem } from 'just-bash';

export const capturedFileSystems: IFileSystem[] = [];

/** The body of `vi.mock('just-bash', …)`: just-bash with an InMemoryFs that records itself. */
export function recordingJustBash<Module extends { InMemoryFs: new (...args: never[]) => IFileSystem }>(actual: Module): Module {
  const Original = actual.InMemoryFs;
  class RecordingInMemoryFs extends Original {
    constructor(...args: never[]) {
      super(...args);
      capturedFileSystems.push(this);
    }
  }
  return { ...actual, InMemoryFs: RecordingInMemoryFs };
}
