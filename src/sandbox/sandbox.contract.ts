/**
 * The one behavioral contract every Sandbox implementation passes. Each implementation's
 * test file calls `runSandboxContract` with a factory; see offline/offline-sandbox.test.ts
 * and webcontainer/webcontainer-sandbox.test.ts.
 */
import { afterEach, beforeEach, describe } from 'vitest';
import { describeExecContract } from './sandbox-exec.contract';
import { describeFilesContract } from './sandbox-files.contract';
import type { ContractContext, SandboxCapabilities } from './sandbox-contract-support';
import type { Sandbox } from './types';

export type { SandboxCapabilities } from './sandbox-contract-support';

export function runSandboxContract(name: string, makeSandbox: () => Promise<Sandbox>, capabilities: SandboxCapabilities): void {
  describe(`Sandbox contract: ${name}`, () => {
    let current: Sandbox | undefined;
    beforeEach(async () => {
      current = await makeSandbox();
    });
    afterEach(async () => {
      await current?.dispose();
      current = undefined;
    });
    const context: ContractContext = {
      sandbox() {
        if (!current) throw new Error('The contract sandbox is created in beforeEach.');
        return current;
      },
      capabilities,
    };
    describeFilesContract(context);
    describeExecContract(context);
  });
}
