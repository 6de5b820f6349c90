/**
 * Property tests run with a fixed seed so a CI run is repeatable; `FC_SEED=random npm test`
 * (or any number) explores other inputs. A failure prints its seed and counterexample: turn
 * the counterexample into a plain test beside the property before fixing the bug.
 */
import fc from 'fast-check';

const setting = process.env.FC_SEED;
if (setting !== 'random') fc.configureGlobal({ seed: setting ? Number(setting) : 20261202 });
