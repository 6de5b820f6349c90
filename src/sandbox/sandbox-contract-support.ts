/** Shared pieces of the Sandbox contract (sandbox.contract.ts) and its two halves. */
import type { Sandbox } from './types';

export interface SandboxCapabilities {
  /** stdout and stderr arrive apart. WebContainer gives one terminal stream, so its adapter reports both as stdout. */
  separateStderr: boolean;
  /** Output reaches `onOutput` while the command still runs (just-bash only returns at the end). */
  liveOutput: boolean;
}

export interface ContractContext {
  /** The sandbox under test; fresh for each test. */
  sandbox(): Sandbox;
  capabilities: SandboxCapabilities;
}

/** Resolves with the SandboxError a promise rejects with; fails the test when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error('Expected the sandbox call to reject with a SandboxError, but it resolved.');
}
