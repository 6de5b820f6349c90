/**
 * A session controller as the worker builds it, for Node tests: fake-indexeddb (import
 * 'fake-indexeddb/auto' in the test file), the real tools and agent, a fresh offline sandbox per
 * session unless the test gives another, and helpers to send requests and read what was posted.
 */
import type { ToolCallView } from '../../agent/types';
import type { LanguageModel } from '../../model/types';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Sandbox } from '../../sandbox/types';
import { openDatabase } from '../../store/db';
import type { BackgroundProcesses } from '../../tools/background-processes';
import { createBuiltinTools, createToolRegistry } from '../../tools/registry';
import { isReadOnlyShellCommand } from '../../tools/shell-read-only';
import { createSwitchableModel } from '../session/model-factory';
import type { ClientMessage, ClientRequest, WorkerEvent, WorkerSettings } from '../protocol';
import { PROTOCOL_VERSION } from '../protocol';
import { createSessionController } from '../session-controller';
import type { SessionLocks } from '../session/session-lock';

export const TEST_SETTINGS: WorkerSettings = {
  provider: 'scripted',
  model: 'test-model',
  baseUrl: '',
  approvalMode: 'ask',
  stepThrough: false,
  loopHeuristics: false,
  nextSpeakerCheck: false,
};

export interface HarnessOptions {
  /** A fresh name per test keeps tests apart; two harnesses with one name share a database (two tabs, a reload). */
  databaseName: string;
  model: LanguageModel;
  /** Settings → model; default: always `model`. */
  makeModel?: (settings: WorkerSettings) => LanguageModel;
  settings?: WorkerSettings;
  locks?: SessionLocks;
  backgroundProcesses?: BackgroundProcesses;
  acquireSandbox?: (previous: Sandbox | null) => Promise<Sandbox>;
  /** The embedded player's worker (init's `replayOnly`): every tool call answers from the recording. */
  replayOnly?: boolean;
  /** Sees each posted event as it is posted (after it joins `events`). */
  onEvent?: (event: WorkerEvent) => void;
}

let requests = 0;

export function createControllerHarness(options: HarnessOptions) {
  const db = openDatabase({ name: options.databaseName });
  const events: WorkerEvent[] = [];
  const settings = options.settings ?? TEST_SETTINGS;
  const controller = createSessionController({
    db,
    post: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
    model: createSwitchableModel(options.model),
    makeModel: options.makeModel ?? (() => options.model),
    lessons: [],
    tools: createToolRegistry(createBuiltinTools(options.backgroundProcesses ? { backgroundProcesses: options.backgroundProcesses } : {})),
    isReadOnlyCommand: isReadOnlyShellCommand,
    acquireSandbox:
      options.acquireSandbox ??
      (async (previous) => {
        await previous?.dispose();
        return createOfflineSandbox();
      }),
    initialSettings: settings,
    ...(options.locks ? { locks: options.locks } : {}),
    ...(options.backgroundProcesses ? { backgroundProcesses: options.backgroundProcesses } : {}),
    ...(options.replayOnly ? { replayOnly: true } : {}),
  });
  /** Handles the request; resolves with the worker's answer to it. */
  const send = async (request: ClientRequest): Promise<Extract<WorkerEvent, { type: 'response' }>> => {
    const id = `rq${requests++}`;
    await controller.handle({ ...request, v: PROTOCOL_VERSION, id } as ClientMessage);
    const answer = events.find((event): event is Extract<WorkerEvent, { type: 'response' }> => event.type === 'response' && event.id === id);
    if (!answer) throw new Error(`no answer to ${request.type}`);
    return answer;
  };
  const init = (sessionId?: string) => send({ type: 'init', sandbox: { kind: 'offline' }, settings, ...(sessionId ? { sessionId } : {}) });
  const loaded = () => events.filter((event): event is Extract<WorkerEvent, { type: 'session-loaded' }> => event.type === 'session-loaded').map((event) => event.session);
  const calls = (): ToolCallView[] =>
    events.flatMap((event) => (event.type === 'agent-event' && event.event.type === 'tool_calls_update' ? event.event.value : []));
  return { db, events, controller, send, init, loaded, calls };
}
