/** Types of precache-stages.mjs (the build's second-stage files for the service worker). */
export declare const GATE_MODULES: RegExp[];
export declare const MONACO_WORKER: RegExp;
export declare const SCRIPT_ENGINES: RegExp;
/** The second stage's file names, from a Rollup/Rolldown output bundle. */
export declare function laterFiles(bundle: Record<string, unknown>, gates?: RegExp[]): Set<string>;
