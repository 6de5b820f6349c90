import { describe, expect, it } from 'vitest';
import { laterFiles } from './precache-stages.mjs';

const chunk = (fileName, { modules = [], imports = [], dynamicImports = [], css = [], assets = [], isEntry = false } = {}) => ({
  type: 'chunk',
  fileName,
  isEntry,
  moduleIds: modules,
  imports,
  dynamicImports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set(assets) },
});
const asset = (fileName) => ({ type: 'asset', fileName });

/** A build like the app's: the entry, the panes, the editor view that opens Monaco, shared chunks. */
function bundle() {
  const outputs = [
    chunk('assets/index.js', { isEntry: true, modules: ['/app/src/main.tsx'], dynamicImports: ['assets/workspace-panes.js'], css: ['assets/index.css'] }),
    chunk('assets/workspace-panes.js', { modules: ['/app/src/ui/workspace-panes.tsx'], imports: ['assets/shared.js'], dynamicImports: ['assets/monaco-editor-view.js', 'assets/terminal-view.js'] }),
    chunk('assets/monaco-editor-view.js', { modules: ['/app/src/ui/editor/monaco-editor-view.tsx'], imports: ['assets/monaco-setup.js', 'assets/shared.js'] }),
    chunk('assets/monaco-setup.js', { modules: ['/app/src/ui/editor/monaco-setup.ts', '/app/node_modules/monaco-editor/esm/vs/editor/editor.api.js'], dynamicImports: ['assets/ruby.js'], css: ['assets/monaco.css'], assets: ['assets/codicon.ttf'] }),
    chunk('assets/ruby.js', { modules: ['/app/node_modules/monaco-editor/esm/vs/basic-languages/ruby/ruby.js'] }),
    chunk('assets/shared.js', { modules: ['/app/src/shared/format-bytes.ts'] }),
    chunk('assets/terminal-view.js', { modules: ['/app/src/ui/editor/terminal-view.tsx'] }),
    asset('assets/index.css'),
    asset('assets/monaco.css'),
    asset('assets/codicon.ttf'),
    asset('assets/ts.worker-abc.js'),
    asset('assets/editor.worker-abc.js'),
    asset('assets/agent.worker-abc.js'),
    asset('assets/agent-chunk.js'),
    asset('index.html'),
    asset('assets/node-runner.worker-abc.js'),
    asset('assets/emscripten-module.browser-abc.js'),
    asset('assets/emscripten-module-abc.wasm'),
    asset('assets/python-runner.worker-abc.js'),
    asset('pyodide/pyodide.asm.wasm'),
  ];
  return Object.fromEntries(outputs.map((output) => [output.fileName, output]));
}

describe('the two precache stages', () => {
  it('puts what only the editor reaches, Monaco’s language workers and the script engines in the second stage', () => {
    expect([...laterFiles(bundle())].sort()).toEqual([
      'assets/codicon.ttf',
      'assets/editor.worker-abc.js',
      'assets/emscripten-module-abc.wasm',
      'assets/emscripten-module.browser-abc.js',
      'assets/monaco-editor-view.js',
      'assets/monaco-setup.js',
      'assets/monaco.css',
      'assets/node-runner.worker-abc.js',
      'assets/python-runner.worker-abc.js',
      'assets/ruby.js',
      'assets/ts.worker-abc.js',
      'pyodide/pyodide.asm.wasm',
    ]);
  });

  it('keeps in the shell a chunk the editor shares with the shell, the agent worker and anything unknown', () => {
    const later = laterFiles(bundle());
    for (const shell of ['assets/shared.js', 'assets/agent.worker-abc.js', 'assets/agent-chunk.js', 'assets/terminal-view.js', 'index.html', 'assets/index.css']) expect(later.has(shell)).toBe(false);
  });

  it('puts nothing but the language workers in the second stage when no chunk opens Monaco', () => {
    expect([...laterFiles(bundle(), [/\/src\/ui\/nothing\.tsx$/])].sort()).toEqual([
      'assets/editor.worker-abc.js',
      'assets/emscripten-module-abc.wasm',
      'assets/emscripten-module.browser-abc.js',
      'assets/node-runner.worker-abc.js',
      'assets/python-runner.worker-abc.js',
      'assets/ts.worker-abc.js',
      'pyodide/pyodide.asm.wasm',
    ]);
  });
});
