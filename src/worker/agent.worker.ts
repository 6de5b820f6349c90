/**
 * The worker's composition root: builds the store, tools, models and sandbox for the
 * session controller and connects it to the UI thread. Nothing runs at import time except
 * listening for the first message.
 */
/// <reference lib="webworker" />
import { createOfflineSandbox } from '../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../sandbox/types';
import { LESSONS } from '../model/scripted/scripted-model';
import { openDatabase } from '../store/db';
import { openMemoryDatabase } from '../store/memory-database';
import { createBackgroundProcesses } from '../tools/background-processes';
import { createBuiltinTools, createToolRegistry } from '../tools/registry';
import { commandTimeLimitMs } from '../shared/limits';
import { createWebAccess } from '../web/web-access';
import { connectPreview } from './preview/preview-port';
import { createMcpHub } from './mcp/mcp-hub';
import { withExtraTools } from '../tools/registry';
import { isReadOnlyShellCommand } from '../tools/shell-read-only';
import { createModelFor, createSwitchableModel } from './session/model-factory';
import type { ClientMessage, SandboxChoice, WorkerEvent } from './protocol';
import { isClientMessage, responseEvent } from './worker-messages';
import { createEventBatcher } from './event-batcher';
import { createInitGate } from './init-gate';
import { connectSandbox } from './sandbox/sandbox-port';
import { clearForNextSession } from './sandbox/shared-sandbox';
import { createSessionController } from './session-controller';
import type { SessionController } from './session-controller';
import { singleTabLocks, webSessionLocks } from './session/session-lock';

declare const self: DedicatedWorkerGlobalScope;

const batcher = createEventBatcher(
  (message) => self.postMessage(message),
  (flush) => setTimeout(flush, 0),
);

function post(event: WorkerEvent): void {
  batcher.post(event);
}

function sandboxSource(choice: SandboxChoice): (previous: Sandbox | null) => Promise<Sandbox> {
  if (choice.kind === 'remote') {
    const remote = connectSandbox(choice.port, choice.sandboxKind);
    return () => clearForNextSession(remote);
  }
  return async (previous) => {
    await previous?.dispose();
    return createOfflineSandbox();
  };
}

async function initialize(message: Extract<ClientMessage, { type: 'init' }>): Promise<(message: ClientMessage) => Promise<void>> {
  const onVersionChange = () => post({ type: 'notice', level: 'error', message: 'Loopscope was updated in another tab. Reload this page to go on.' });
  // The embedded player keeps nothing, and a third-party frame may get no IndexedDB: it stores in memory.
  const db = message.replayOnly
    ? await openMemoryDatabase({ onVersionChange })
    : openDatabase({ ...(message.databaseName ? { name: message.databaseName } : {}), onVersionChange });
  const makeModel = (settings: typeof message.settings) => createModelFor(settings);
  const backgroundProcesses = createBackgroundProcesses();
  // web_fetch reads Settings per call: ticking "Allow web_fetch to local addresses" applies to the next fetch.
  const web = createWebAccess(() => controller.settings().webFetchLocalAddresses === true);
  // The settings' MCP servers add their tools to the built-in ones, as they connect.
  const mcp = createMcpHub(undefined, (sessions) => post({ type: 'mcp-sessions', sessions }));
  // Settings → Command time limit applies from the next command.
  const shellTimeoutMs = () => commandTimeLimitMs(controller.settings().commandTimeLimitSeconds);
  // The preview tools act on the page's Preview, which the page serves over this port.
  const preview = message.preview ? connectPreview(message.preview) : undefined;
  const tools = withExtraTools(createToolRegistry(createBuiltinTools({ backgroundProcesses, web, shellTimeoutMs, ...(preview ? { preview } : {}) })), () => mcp.tools(), (name) => mcp.whyMissing(name));
  const controller: SessionController = createSessionController({
    db,
    post,
    model: createSwitchableModel(makeModel(message.settings)),
    makeModel,
    lessons: LESSONS.map(({ id, title, prompt }) => ({ id, title, prompt })),
    tools,
    backgroundProcesses,
    mcp,
    origin: self.location.origin,
    ...(message.replayOnly ? { replayOnly: true } : {}),
    isReadOnlyCommand: isReadOnlyShellCommand,
    acquireSandbox: sandboxSource(message.sandbox),
    initialSettings: message.settings,
    // Web Locks are shared by every tab of the origin (and their workers).
    locks: 'locks' in navigator ? webSessionLocks(navigator.locks) : singleTabLocks,
  });
  await controller.handle(message);
  // Tool declarations are generated from their schemas on first use (tools/define-tool.ts):
  // done now, while the person types, rather than in the first model request.
  setTimeout(() => tools.declarations(), 0);
  return (next) => controller.handle(next);
}

// Requests sent before `init` (a message typed the moment the prompt appears) wait for it.
const gate = createInitGate<ClientMessage>({
  isInit: (message) => message.type === 'init',
  initialize: (message) => initialize(message as Extract<ClientMessage, { type: 'init' }>),
  refuse: (message, error) => post(responseEvent(message.id, error)),
  isCancellable: (message) => message.type === 'send' || message.type === 'continue',
  isStop: (message) => message.type === 'stop',
});

self.addEventListener('message', (event: MessageEvent) => {
  const message: unknown = event.data;
  if (isClientMessage(message)) gate.receive(message);
});
