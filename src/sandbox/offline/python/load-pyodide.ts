/**
 * Pyodide (CPython in WebAssembly: ~9.6 MB of WebAssembly and a 2.5 MB standard library),
 * loaded once per thread on the first `python3`. In the browser it comes from our own origin,
 * `/pyodide/` (vite.config.ts copies the npm package's files there), so it works offline; in
 * Node (tests) from the package itself.
 */
import type { loadPyodide } from 'pyodide';
import type { PyodideLike } from './run-python';

type PyodideModule = { loadPyodide: typeof loadPyodide };

let loading: Promise<PyodideLike> | undefined;
const NODE_PACKAGE = 'pyodide';

export function loadPyodideOnce(indexURL?: string): Promise<PyodideLike> {
  loading ??= (indexURL
    ? (import(/* @vite-ignore */ `${indexURL}pyodide.mjs`) as Promise<PyodideModule>).then(({ loadPyodide }) => loadPyodide({ indexURL, packages: [] }))
    : // Node only (tests): a specifier the bundler leaves alone, so the browser build does not carry the package's loader twice.
      (import(/* @vite-ignore */ NODE_PACKAGE) as Promise<PyodideModule>).then(({ loadPyodide }) => loadPyodide())
  )
    .then((pyodide) => pyodide as unknown as PyodideLike)
    .catch((thrown: unknown) => {
      loading = undefined;
      throw thrown;
    });
  return loading;
}
