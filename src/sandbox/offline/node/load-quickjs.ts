/**
 * The QuickJS engine (quickjs-emscripten's release build, ~500 KB of WebAssembly), loaded once
 * per thread on the first `node`. In a browser its .wasm comes from our own origin (Vite emits
 * it beside the worker); in Node (tests) the variant finds its file itself.
 */
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';

let loading: Promise<QuickJSWASMModule> | undefined;

export function loadQuickJs(wasmUrl?: string): Promise<QuickJSWASMModule> {
  loading ??= Promise.all([import('quickjs-emscripten-core'), import('@jitl/quickjs-wasmfile-release-sync')])
    .then(([core, variant]) => core.newQuickJSWASMModuleFromVariant(wasmUrl ? core.newVariant(variant.default, { wasmLocation: wasmUrl }) : variant.default))
    .catch((thrown: unknown) => {
      loading = undefined;
      throw thrown;
    });
  return loading;
}
