/**
 * The layer rule of docs/architecture.md's "Layers" table, as the lint enforces it: each import
 * below is linted as if it stood in a real file of that folder. A rule loosened in
 * eslint.config.js fails here, not only when someone next breaks it. So does the page side of
 * the seam: components call their area's actions hook, never the worker client.
 */
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

let eslint: ESLint;

beforeAll(() => {
  // Only the import rules matter here; without type information the lint takes a second, not twenty.
  eslint = new ESLint({
    cwd: import.meta.dirname + '/..',
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/switch-exhaustiveness-check': 'off', 'import-x/no-cycle': 'off' },
    },
  });
});

/** The layer-rule messages the lint gives for `source` in `file`. */
async function layerErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: file });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths' || message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the layer rule', () => {
  it('keeps the sandbox, the store and Dexie out of the agent', async () => {
    for (const source of [
      "import type { Sandbox } from '../sandbox/types';",
      "import type { WorkspaceTool } from '../tools/workspace-tool';",
      "import type { LoopscopeDb } from '../store/db';",
      "import Dexie from 'dexie';",
    ]) {
      expect(await layerErrors('src/agent/agent.ts', source), source).toHaveLength(1);
    }
  });

  it('lets the agent see tools only through the contract in tools/types.ts, which names no sandbox', async () => {
    expect(await layerErrors('src/agent/agent.ts', "import type { ToolRegistry } from '../tools/types';")).toEqual([]);
    expect(await layerErrors('src/tools/types.ts', "import type { Sandbox } from '../sandbox/types';")).toHaveLength(1);
    expect(await layerErrors('src/tools/workspace-tool.ts', "import type { Sandbox } from '../sandbox/types';")).toEqual([]);
  });

  it('keeps tools and the sandbox out of the UI, which reads their data types from shared/', async () => {
    expect(await layerErrors('src/ui/transcript/tool-call-card.tsx', "import type { ToolDisplay } from '../../tools/types';")).toHaveLength(1);
    expect(await layerErrors('src/ui/agent/session-reducer.ts', "import type { SandboxKind } from '../../sandbox/types';")).toHaveLength(1);
    expect(await layerErrors('src/ui/transcript/tool-call-card.tsx', "import type { ToolDisplay } from '../../shared/tool-display';")).toEqual([]);
    expect(await layerErrors('src/ui/agent/session-reducer.ts', "import type { SandboxKind } from '../../shared/sandbox-kind';")).toEqual([]);
  });

  it('keeps the web to web/: only it converts pages, it imports only shared/, and tools get it injected', async () => {
    expect(await layerErrors('src/tools/web-fetch.ts', "import { NodeHtmlMarkdown } from 'node-html-markdown';")).toHaveLength(1);
    expect(await layerErrors('src/web/html-to-markdown.ts', "import { NodeHtmlMarkdown } from 'node-html-markdown';")).toEqual([]);
    expect(await layerErrors('src/web/fetch-page.ts', "import type { Tool } from '../tools/types';")).toHaveLength(1);
    expect(await layerErrors('src/tools/web-fetch.ts', "import { fetchWebPage } from '../web/fetch-page';")).toHaveLength(1);
  });

  it('keeps OpenTelemetry to trace/: only it imports the packages, it reads store types only, and the worker feeds it', async () => {
    expect(await layerErrors('src/worker/trace/trace-export.ts', "import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';")).toHaveLength(1);
    expect(await layerErrors('src/ui/files/files-section.tsx', "import { ATTR_GEN_AI_TOOL_NAME } from '@opentelemetry/semantic-conventions/incubating';")).toHaveLength(1);
    expect(await layerErrors('src/trace/otlp-json.ts', "import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';")).toEqual([]);
    expect(await layerErrors('src/trace/trace-spans.ts', "import { listRoundTrips } from '../store/round-trips';")).toHaveLength(1);
    expect(await layerErrors('src/trace/trace-spans.ts', "import type { RoundTripRecord } from '../store/types';")).toEqual([]);
    expect(await layerErrors('src/ui/files/files-section.tsx', "import { traceSpans } from '../../trace/trace-spans';")).toHaveLength(1);
  });

  it('keeps the GitHub client to itself: only github/ imports Octokit, it imports only shared/, and the UI reaches it through the worker', async () => {
    expect(await layerErrors('src/worker/files/read-github.ts', "import { Octokit } from '@octokit/core';")).toHaveLength(1);
    expect(await layerErrors('src/github/client.ts', "import { Octokit } from '@octokit/core';")).toEqual([]);
    expect(await layerErrors('src/github/client.ts', "import type { LoopscopeDb } from '../store/db';")).toHaveLength(1);
    expect(await layerErrors('src/ui/files/github-import-dialog.tsx', "import { openGitHub } from '../../github/client';")).toHaveLength(1);
    expect(await layerErrors('src/worker/files/read-github.ts', "import { openGitHub } from '../../github/client';")).toEqual([]);
  });

  it('lets the UI reach the worker, the store and share/ only through their UI-facing files', async () => {
    expect(await layerErrors('src/ui/app.tsx', "import { createWorkerClient } from '../worker/client';")).toEqual([]);
    expect(await layerErrors('src/ui/app.tsx', "import { openSessionRuntime } from '../worker/session/session-runtime';")).toHaveLength(1);
    expect(await layerErrors('src/ui/app.tsx', "import { putFile } from '../store/files';")).toHaveLength(1);
    expect(await layerErrors('src/ui/app.tsx', "import { decodeLink } from '../share/codec';")).toHaveLength(1);
    expect(await layerErrors('src/ui/app.tsx', "import { isSessionLink } from '../share/link-prefix';")).toEqual([]);
  });
});

describe('facts as data', () => {
  /** The messages of the rule against branching on an error's text. */
  async function textMatching(source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\n`, { filePath: 'src/worker/session/run-slot.ts' });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  }

  it('refuses code that infers a fact from an error message, and says what to do instead', async () => {
    for (const source of [
      "declare const error: { message: string }; export const full = error.message.includes('quota');",
      "declare const event: { value: { error: { message: string } } }; export const mine = event.value.error.message.startsWith('Browser storage');",
      "declare const thrown: { message: string }; export const gone = /not found/.test(thrown.message);",
    ]) {
      const messages = await textMatching(source);
      expect(messages, source).toHaveLength(1);
      expect(messages[0]).toContain('branch on its `kind`');
    }
  });

  it('lets code branch on an error kind', async () => {
    expect(await textMatching("declare const error: { kind: string }; export const full = error.kind === 'storage-full';")).toEqual([]);
  });
});

describe('the page side of the seam', () => {
  /** The messages of the rule that keeps the worker client out of components. */
  async function seamErrors(file: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`${source}\n`, { filePath: file });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  }
  const calls = [
    "declare const client: WorkerClient; export const stop = () => client.send({ type: 'stop' });",
    "declare const client: WorkerClient; export const compress = () => client.request({ type: 'compress', sessionId: null });",
    "declare const props: { client: WorkerClient }; export const takeOver = () => props.client.send({ type: 'take-over' });",
  ].map((call) => `import type { WorkerClient } from '../../worker/client';\n${call}`);

  it('refuses a component that calls the worker client, and says to call its area’s actions hook', async () => {
    for (const source of calls) {
      const messages = await seamErrors('src/ui/agent/agent-panel.tsx', source);
      expect(messages, source).toHaveLength(1);
      expect(messages[0]).toContain('actions hook (use-*-actions.ts');
    }
  });

  it('lets the area’s actions hook make the same calls', async () => {
    for (const source of calls) expect(await seamErrors('src/ui/agent/use-agent-actions.ts', source), source).toEqual([]);
  });
});
