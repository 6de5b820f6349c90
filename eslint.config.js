// Lint = the architecture of ../shared/STYLE.md, checked by a machine, with messages that teach.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const layers = ['shared', 'agent', 'model', 'tools', 'sandbox', 'store', 'github', 'web', 'mcp', 'trace', 'worker', 'share', 'pwa', 'ui'];
const others = (...allowed) => layers.filter((layer) => !allowed.includes(layer)).map((layer) => `./src/${layer}`);

/**
 * Who may import whom: the layer table of docs/architecture.md and STYLE.md "The house", checked.
 * `except` paths are relative to `from`. Tests and test support (`testing/`) are exempt
 * below: they may wire real pieces together (tools over the offline sandbox).
 */
const zones = [
  { target: './src/shared', from: others('shared'), message: 'src/shared holds plain types and pure helpers and imports nothing else from src/. Move the shared piece here instead.' },
  { target: './src/model', from: others('shared', 'model'), message: 'model/ (provider adapters) depends on src/shared only. Pass what it needs as plain data.' },
  { target: './src/github', from: others('shared', 'github'), message: 'github/ (the GitHub REST client) depends on src/shared only; the worker wires it to imports and pushes.' },
  { target: './src/web', from: others('shared', 'web'), message: 'web/ (the pages web_fetch reads) depends on src/shared only; the worker hands it to the tool as a WebAccess.' },
  { target: './src/mcp', from: others('shared', 'mcp'), message: 'mcp/ (the MCP client) depends on src/shared only; the worker wires its tools (worker/mcp/).' },
  { target: './src/trace', from: others('shared', 'trace', 'store'), message: 'trace/ (OpenTelemetry traces of a session) reads plain records: src/shared and store/types.ts only; the worker reads the store and sends.' },
  { target: './src/trace', from: ['./src/store'], except: ['./types.ts'], message: 'trace/ reads store *types* only (store/types.ts); the worker hands it the records.' },
  { target: './src/sandbox', from: others('shared', 'sandbox'), message: 'sandbox/ depends on src/shared only. Persistence and RPC belong in worker/.' },
  { target: './src/store', from: others('shared', 'store', 'agent'), message: 'store/ depends on src/shared (and agent types for records) only.' },
  { target: './src/store', from: ['./src/agent'], except: ['./types.ts'], message: 'store/ may use agent *types* only (agent/types.ts).' },
  { target: './src/tools', from: others('shared', 'tools', 'sandbox'), message: 'tools/ see the workspace only through sandbox/types.ts and import shared/ helpers.' },
  { target: './src/tools', from: ['./src/sandbox'], except: ['./types.ts'], message: 'tools/ see the workspace only through sandbox/types.ts; never import an implementation.' },
  { target: './src/tools/types.ts', from: ['./src/sandbox'], message: 'tools/types.ts is the tool contract the agent sees, and names no sandbox: a tool written against one is a WorkspaceTool (tools/workspace-tool.ts), bound by the worker.' },
  { target: './src/agent', from: others('shared', 'agent', 'model', 'tools'), message: 'agent/ is pure: it gets model, tools, store, clock and the workspace (spill, workspaceContext) injected. Import only shared/, model/types.ts and tools/types.ts.' },
  { target: './src/agent', from: ['./src/model'], except: ['./types.ts'], message: 'agent/ knows models only through model/types.ts; adapters are chosen in worker/agent.worker.ts.' },
  { target: './src/agent', from: ['./src/tools'], except: ['./types.ts'], message: 'agent/ knows tools only through tools/types.ts; the worker builds the registry and binds it to the sandbox (tools/workspace-tool.ts).' },
  { target: './src/worker', from: ['./src/ui'], message: 'worker/ never imports UI. Send the UI an event through protocol.ts instead.' },
  { target: './src/share', from: others('shared', 'share', 'agent', 'model'), message: 'share/ encodes and validates plain data; it depends on shared/ and on types only.' },
  { target: './src/pwa', from: others('shared', 'pwa'), message: 'pwa/ (the service worker and the page\'s side of it) depends on src/shared only; main.tsx wires it to the UI.' },
  { target: './src/ui', from: others('shared', 'ui', 'worker', 'store', 'agent', 'share', 'pwa'), message: 'ui/ talks to the rest through the worker client and protocol, store read hooks, and types in shared/ (tool displays, the sandbox kind). Tools and the sandbox are reached through the worker.' },
  { target: './src/ui', from: ['./src/worker'], except: ['./client.ts', './protocol.ts'], message: 'ui/ reaches the worker only through worker/client.ts and worker/protocol.ts.' },
  { target: './src/ui', from: ['./src/store'], except: ['./read.ts', './types.ts'], message: 'ui/ reads storage through store/read.ts hooks; the worker writes (see docs/architecture.md, Decisions).' },
  { target: './src/ui', from: ['./src/agent'], except: ['./types.ts'], message: 'ui/ may use agent event *types* only; the loop runs in the worker.' },
  { target: './src/ui', from: ['./src/share'], except: ['./link-prefix.ts'], message: 'ui/ only recognizes a session link (share/link-prefix.ts); the worker encodes, decodes and opens session documents.' },
  { target: './src/ui', from: ['./src/pwa'], except: ['./types.ts'], message: 'ui/ may use pwa *types* only (UpdateOffers); main.tsx registers the service worker.' },
];

/** Facts are data, not text (STYLE.md "rooms to mend"): no code branches on what an error's message says. */
const MESSAGE_TEXT = 'Do not infer a fact from an error\'s message text: branch on its `kind` (errors are data, STYLE.md §8), or have the code that knows return a result or emit an event that says it.';
const MESSAGE_TEXT_MATCHING = [
  { selector: "CallExpression[callee.property.name=/^(includes|startsWith|endsWith|match|indexOf|search)$/][callee.object.property.name='message']", message: MESSAGE_TEXT },
  { selector: "CallExpression[callee.property.name=/^(test|exec)$/][arguments.0.property.name='message']", message: MESSAGE_TEXT },
];

/**
 * The page side of the seam, shaped like the worker's (protocol.ts, handlers/): each area of the
 * UI has one actions hook (`use-*-actions.ts`) that makes its requests; a component (`.tsx`)
 * calls the hook or gets its actions, and never the worker client itself.
 */
const PAGE_SEAM = 'A component does not call the worker client: call the area\'s actions hook (use-*-actions.ts, e.g. ui/agent/use-agent-actions.ts), or add the request there, and call the action it returns (docs/architecture.md, "The page side of the seam").';
const WORKER_CALLS = [
  { selector: "CallExpression[callee.property.name=/^(request|send)$/][callee.object.name=/([cC]lient|[wW]orker)$/]", message: PAGE_SEAM },
  { selector: "CallExpression[callee.property.name=/^(request|send)$/][callee.object.property.name=/([cC]lient|[wW]orker)$/]", message: PAGE_SEAM },
];
const EXPORT_ALL = { selector: 'ExportAllDeclaration', message: 'No `export *`: export names one by one so a reader sees the surface.' };

const restrictedPackage = (name, where) => ({
  name,
  message: `${name} may be imported only in ${where}. Go through the interface that wraps it.`,
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } }, 'import-x/extensions': ['.ts', '.tsx'] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'no-restricted-syntax': ['error', EXPORT_ALL, ...MESSAGE_TEXT_MATCHING],
      'no-restricted-imports': ['error', {
        paths: [
          restrictedPackage('@google/genai', 'src/model/gemini/'),
          restrictedPackage('@webcontainer/api', 'src/sandbox/webcontainer/'),
          restrictedPackage('dexie', 'src/store/'),
          restrictedPackage('dexie-react-hooks', 'src/store/read.ts'),
          restrictedPackage('just-bash', 'src/sandbox/offline/'),
          restrictedPackage('openai', 'src/model/openai/'),
          restrictedPackage('@octokit/core', 'src/github/'),
          restrictedPackage('node-html-markdown', 'src/web/'),
          restrictedPackage('@modelcontextprotocol/sdk', 'src/mcp/'),
          restrictedPackage('@arizeai/openinference-semantic-conventions', 'src/trace/'),
        ],
        patterns: [
          { group: ['openai/*'], message: restrictedPackage('openai', 'src/model/openai/').message },
          { group: ['@octokit/*', '!@octokit/core'], message: restrictedPackage('@octokit/core', 'src/github/').message },
          { group: ['@modelcontextprotocol/sdk/*'], message: restrictedPackage('@modelcontextprotocol/sdk', 'src/mcp/').message },
          { group: ['@opentelemetry/*'], message: restrictedPackage('@opentelemetry/*', 'src/trace/').message },
        ],
      }],
    },
  },
  { files: ['src/model/gemini/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/model/openai/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/sandbox/webcontainer/**', 'src/sandbox/offline/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/store/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/github/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/web/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/mcp/**', 'e2e/fake-mcp/**'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/trace/**'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/agent/**/*.ts', 'src/tools/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error',
        { name: 'setTimeout', message: 'agent/ and tools/ take time from the injected Clock (deps.clock.sleep), so tests control it.' },
        { name: 'setInterval', message: 'Use the injected Clock.' },
        { name: 'fetch', message: 'The network belongs to model adapters; inject what you need.' },
        { name: 'document', message: 'No DOM in the kernel.' },
        { name: 'window', message: 'No DOM in the kernel.' },
        { name: 'indexedDB', message: 'Storage goes through the injected HistoryStore.' },
        { name: 'localStorage', message: 'Storage goes through the injected HistoryStore.' },
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'Use deps.clock.now() so tests control time.' }],
    },
  },
  // Components render and call their area's actions; the hooks (use-*.ts) talk to the worker.
  { files: ['src/ui/**/*.tsx'], rules: { 'no-restricted-syntax': ['error', EXPORT_ALL, ...MESSAGE_TEXT_MATCHING, ...WORKER_CALLS] } },
  {
    // Tests may wire real implementations together (e.g. tools over the offline sandbox).
    files: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**', 'e2e/**/*.ts', 'scripts/**', '*.config.{js,ts}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import-x/no-restricted-paths': 'off',
      'no-restricted-imports': 'off',
      // A test may check the words a person reads; code may not branch on them.
      'no-restricted-syntax': ['error', EXPORT_ALL],
    },
  },
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ['e2e/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  // Benchmarks pass functions to the page (page.evaluate), so they see browser globals too.
  { files: ['e2e/bench/**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  // Served as is, before the app's code: a classic script in the page.
  { files: ['public/**/*.js', 'src/**/*.inline.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
);
