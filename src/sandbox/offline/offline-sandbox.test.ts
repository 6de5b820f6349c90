import { runSandboxContract } from '../sandbox.contract';
import { createOfflineSandbox } from './offline-sandbox';

runSandboxContract('offline (just-bash)', () => createOfflineSandbox(), { separateStderr: true, liveOutput: false });
