// Which built files the service worker caches later, not at install (src/pwa/service-worker.ts).
//
// The install precaches the app shell: everything needed to show the prompt and run the agent
// with the offline sandbox (the page's chunks, the agent worker and its chunks, icons, the
// manifest). Monaco (its editor API, language modes, language workers and codicon font: ~13 MB
// of the ~17 MB build) is cached in a second stage, after the page has started it, so a first
// visit on a host without isolation headers waits for ~3.4 MB instead of ~17 MB before the one
// reload that isolates it.
//
// Later = what only the editor views reach: the chunks holding GATE_MODULES and everything they
// import (statically, dynamically, their CSS and assets) that the entry does not reach without
// passing through them, plus Monaco's language workers and the offline script engines (QuickJS). Anything not recognised stays in the
// shell, so a file is never missing offline because it was misclassified.

/** The modules whose chunks open Monaco (the editor and the approval diff). */
export const GATE_MODULES = [/\/src\/ui\/editor\/monaco-editor-view\.tsx$/, /\/src\/ui\/transcript\/monaco-diff\.tsx$/];
/** Monaco's language workers (emitted as assets); the agent worker is not one of them. */
export const MONACO_WORKER = /(^|\/)(editor|ts|css|html|json)\.worker-[^/]*\.js$/;
/** The offline sandbox's script engines (QuickJS's worker, its glue and its WebAssembly): loaded on a script's first run only. */
export const SCRIPT_ENGINES = /(^|\/)((node|python)-runner\.worker|emscripten-module(\.browser)?)-[^/]*\.(js|wasm)$|^pyodide\//;

function edgesOf(output) {
  if (output?.type !== 'chunk') return [];
  const meta = output.viteMetadata;
  return [...output.imports, ...output.dynamicImports, ...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])];
}

function reach(bundle, starts, blocked) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length > 0) {
    const fileName = queue.pop();
    if (seen.has(fileName) || blocked.has(fileName)) continue;
    seen.add(fileName);
    queue.push(...edgesOf(bundle[fileName]));
  }
  return seen;
}

/**
 * The file names (relative to the build folder) of the second stage, from a Rollup/Rolldown
 * output bundle (`generateBundle`'s second argument).
 */
export function laterFiles(bundle, gates = GATE_MODULES) {
  const outputs = Object.values(bundle);
  const isGate = (output) => output.type === 'chunk' && (output.moduleIds ?? Object.keys(output.modules ?? {})).some((id) => gates.some((gate) => gate.test(id.replaceAll('\\', '/'))));
  const gateFiles = new Set(outputs.filter(isGate).map((output) => output.fileName));
  const entries = outputs.filter((output) => output.type === 'chunk' && output.isEntry).map((output) => output.fileName);
  const shell = reach(bundle, entries, gateFiles);
  const later = new Set([...reach(bundle, gateFiles, new Set())].filter((fileName) => !shell.has(fileName)));
  for (const output of outputs) if (MONACO_WORKER.test(output.fileName) || SCRIPT_ENGINES.test(output.fileName)) later.add(output.fileName);
  return later;
}
