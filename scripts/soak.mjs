#!/usr/bin/env node
/**
 * `npm run soak`: the fault suites at full size. Today that is T2 (tool arguments): 2,000
 * generated argument sets per tool on both sandboxes (src/tools/argument-faults.test.ts),
 * the same file `npm test` runs at 100 sets. Its counts are printed at the end of each
 * sandbox's run. LOOPSCOPE_T2_SETS=N overrides the size; FC_SEED picks another seed.
 */
import { spawnSync } from 'node:child_process';

const started = Date.now();
const result = spawnSync('npx', ['vitest', 'run', 'src/tools/argument-faults.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, LOOPSCOPE_SOAK: '1' },
});
console.log(`soak: finished in ${((Date.now() - started) / 1000).toFixed(1)} s with exit code ${result.status ?? 'none'}`);
process.exit(result.status ?? 1);
