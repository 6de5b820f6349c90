/**
 * One run of a model fault through the real worker stack in Node: the session controller
 * (as session-controller.test.ts builds it) with fake-indexeddb, the offline sandbox, the real
 * tools and agent, approval mode allow-all, and the real Gemini adapter pointed at a fresh fake
 * Gemini server that plays the fault. What the run broke is counted, never thrown:
 *   (a) INVARIANT(P) of the agent spec on every request the server received and on the stored
 *       history (the checks of src/agent/testing/invariants.ts, plus "starts and ends with a
 *       user turn" for requests, as the agent harness checks it);
 *   (b) requests that reached the server at or after the moment Stop was sent;
 *   (c) a run that did not end clearly: idle() not resolved within the bound, no final
 *       `running: false`, not exactly one interaction end, an outcome the kind does not allow,
 *       an error end without an error event, or a tool call left in a live status;
 *   (d) uncaught errors and unhandled rejections while the run was in flight (with runs side by
 *       side, one such error counts for each run in flight: a count above 0 fails them all).
 * Then the session must still work: a next message gets the server's plain answer, ends
 * 'completed', and its request is checked like the others.
 */
import 'fake-indexeddb/auto';
import { startFakeGemini } from '../../../e2e/fake-gemini/server.mjs';
import type { RecordedRequest } from '../../../e2e/fake-gemini/server.mjs';
import { pairingViolations, sameRoleNeighbourViolations } from '../../agent/testing/invariants';
import type { AgentEvent, InteractionOutcome, ToolCallView } from '../../agent/types';
import { createOfflineSandbox } from '../../sandbox/offline/offline-sandbox';
import type { Content } from '../../shared/content';
import { openDatabase } from '../../store/db';
import { loadHistory } from '../../store/history';
import { createBuiltinTools, createToolRegistry } from '../../tools/registry';
import { isReadOnlyShellCommand } from '../../tools/shell-read-only';
import { createModelFor, createSwitchableModel } from '../session/model-factory';
import type { ClientMessage, ClientRequest, WorkerEvent, WorkerSettings } from '../protocol';
import { PROTOCOL_VERSION } from '../protocol';
import { createSessionController } from '../session-controller';
import { RECOVERED, streamedText } from './model-fault-kinds';
import type { ModelFaultKind } from './model-fault-kinds';

/** How long a run may take to become idle once its message (or its Stop) was sent. */
export const IDLE_BOUND_MS = 15_000;
/** "A moment" between the Stop condition holding and Stop being sent: run n waits the nth (cycling). */
const STOP_DELAYS_MS = [40, 0, 5, 15, 80];
/** After the run is idle, how long the server is watched for late requests. */
const SETTLE_MS = 40;

export interface FaultRunReport {
  kind: string;
  requests: number;
  pairingViolations: string[];
  requestsAfterStop: number;
  unclear: string[];
  /** The message sent after the fault did not get its plain answer, or did not end clearly. */
  followUpProblems: string[];
  uncaught: string[];
  kindProblems: string[];
  outcome: InteractionOutcome | 'none';
  ms: number;
}

const USER_TEXT = 'List the files, then say what you found.';
const FOLLOW_UP_TEXT = 'Are you still there?';

/** Agent events the UI shows as an alert (ui/agent/session-reducer.ts). */
const alertEvents: ReadonlySet<AgentEvent['type']> = new Set(['error', 'invalid_stream', 'loop_detected', 'context_window_will_overflow']);

const terminalStatuses: ReadonlySet<ToolCallView['status']> = new Set(['success', 'error', 'cancelled']);

let databases = 0;

/** Uncaught errors seen while any run is in flight, for the runs to count. */
const uncaughtSink = new Set<string[]>();
let listening = false;
function listenForUncaught(): void {
  if (listening) return;
  listening = true;
  const note = (kind: string) => (thrown: unknown) => {
    const text = `${kind}: ${thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)}`;
    for (const sink of uncaughtSink) sink.push(text);
  };
  process.on('unhandledRejection', note('unhandled rejection'));
  process.on('uncaughtException', note('uncaught exception'));
}

/**
 * Checks of spec §2 on one request's contents, or on the stored history. A stored history may
 * hold two user turns in a row (a failed prompt kept for Continue, then a new message: B8, F3);
 * requests coalesce them, so same-role neighbours and the first and last role count in requests only.
 */
function contentViolations(contents: readonly Content[], where: string, isRequest: boolean): string[] {
  const found = [...pairingViolations(contents), ...(isRequest ? sameRoleNeighbourViolations(contents) : [])];
  // Every call the model sees again must carry an id (the agent mints one when Gemini gives none).
  contents.forEach((content, index) => {
    for (const part of content.parts) {
      if (part.functionCall && !part.functionCall.id) found.push(`contents[${index}] holds functionCall "${part.functionCall.name}" without an id`);
    }
  });
  if (isRequest && contents[0]?.role !== 'user') found.push('does not start with a user turn');
  if (isRequest && contents.at(-1)?.role !== 'user') found.push('does not end with a user turn');
  return found.map((violation) => `${where}: ${violation}`);
}

function requestContents(request: RecordedRequest): Content[] {
  const body = request.body as { contents?: Content[] } | undefined;
  return body?.contents ?? [];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(condition: () => boolean, boundMs: number): Promise<boolean> {
  const until = Date.now() + boundMs;
  while (!condition()) {
    if (Date.now() > until) return false;
    await pause(5);
  }
  return true;
}

/** What one interaction left in the events: its problems with a clear end, and its outcome. */
function judgeEnd(events: readonly WorkerEvent[], allowed: readonly InteractionOutcome[]): { outcome: InteractionOutcome | 'none'; unclear: string[] } {
  const unclear: string[] = [];
  const agentEvents: AgentEvent[] = events.flatMap((event) => (event.type === 'agent-event' ? [event.event] : []));
  const ends = agentEvents.flatMap((event) => (event.type === 'interaction_end' ? [event.value.outcome] : []));
  const outcome = ends.at(-1) ?? 'none';
  if (ends.length !== 1) unclear.push(`expected one interaction end, got ${JSON.stringify(ends)}`);
  if (outcome !== 'none' && !allowed.includes(outcome)) unclear.push(`ended "${outcome}", expected ${allowed.join(' or ')}`);
  const lastRunning = events.filter((event) => event.type === 'running').at(-1);
  if (!(lastRunning?.type === 'running' && !lastRunning.running)) unclear.push('no final running: false event');
  if (outcome === 'error' && !agentEvents.some((event) => alertEvents.has(event.type))) unclear.push('ended in error without an alert');
  const lastViews = agentEvents.flatMap((event) => (event.type === 'tool_calls_update' ? [event.value] : [])).at(-1) ?? [];
  for (const call of lastViews) {
    if (!terminalStatuses.has(call.status)) unclear.push(`tool call ${call.name} (${call.callId}) left "${call.status}"`);
  }
  for (const event of events) {
    if (event.type === 'notice' && event.level === 'error') unclear.push(`error notice: ${event.message}`);
  }
  return { outcome, unclear };
}

/** `run` (0-based) picks the moment Stop is sent, so repeated runs probe different moments. */
export async function runModelFault(kind: ModelFaultKind, run = 0): Promise<FaultRunReport> {
  listenForUncaught();
  const uncaught: string[] = [];
  uncaughtSink.add(uncaught);
  const started = Date.now();
  const fake = await startFakeGemini();
  fake.setScript(kind.script);
  const settings: WorkerSettings = {
    provider: 'gemini',
    apiKey: 'fault-suite-key',
    baseUrl: fake.url,
    model: 'gemini-2.5-flash',
    approvalMode: 'allow-all',
    stepThrough: false,
    loopHeuristics: false,
    nextSpeakerCheck: false,
  };
  const db = openDatabase({ name: `model-faults-${process.pid}-${databases++}` });
  const events: WorkerEvent[] = [];
  const controller = createSessionController({
    db,
    post: (event) => events.push(event),
    model: createSwitchableModel(createModelFor(settings)),
    makeModel: (chosen) => createModelFor(chosen),
    lessons: [],
    tools: createToolRegistry(createBuiltinTools()),
    isReadOnlyCommand: isReadOnlyShellCommand,
    acquireSandbox: async (previous) => {
      await previous?.dispose();
      return createOfflineSandbox();
    },
    initialSettings: settings,
  });
  let counter = 0;
  const send = (request: ClientRequest) => controller.handle({ ...request, v: PROTOCOL_VERSION, id: `r${counter++}` } as ClientMessage);
  const idleWithin = async (where: string, unclear: string[]) => {
    const idle = await Promise.race([controller.idle().then(() => true), pause(IDLE_BOUND_MS).then(() => false)]);
    if (!idle) unclear.push(`${where}: idle() did not resolve within ${IDLE_BOUND_MS} ms`);
    await pause(SETTLE_MS);
  };
  const unclear: string[] = [];
  /** Requests the server had when Stop was sent (counted, not timed: a clock's millisecond cannot tell them apart). */
  let requestsAtStop: number | undefined;
  let faultEvents: WorkerEvent[] = [];
  let followUpEvents: WorkerEvent[] = [];
  let requestsBeforeFollowUp = 0;
  try {
    await send({ type: 'init', sandbox: { kind: 'offline' }, settings });
    const first = events.length;
    await send({ type: 'send', sessionId: null, text: USER_TEXT });
    if (kind.stopWhen) {
      const stopWhen = kind.stopWhen;
      const ready = await waitFor(() => stopWhen({ events: events.slice(first), requests: fake.requests() }), IDLE_BOUND_MS);
      if (!ready) unclear.push('the moment to send Stop never came');
      await pause(STOP_DELAYS_MS[run % STOP_DELAYS_MS.length]!);
      requestsAtStop = fake.requests().length;
      await send({ type: 'stop' });
    }
    await idleWithin('the faulty interaction', unclear);
    faultEvents = events.slice(first);
    // The session must still work: the next message gets a plain answer, sent with a healthy history.
    requestsBeforeFollowUp = fake.requests().length;
    fake.setScript({ responses: [], fallback: { chunks: [{ text: RECOVERED, finishReason: 'STOP' }] } });
    const second = events.length;
    await send({ type: 'send', sessionId: null, text: FOLLOW_UP_TEXT });
    await idleWithin('the next message', unclear);
    followUpEvents = events.slice(second);
  } finally {
    uncaughtSink.delete(uncaught);
  }

  const requests = fake.requests();
  await fake.close();
  if (process.env['LOOPSCOPE_FAULT_DEBUG']) {
    console.log(`${kind.name}\n${requests.map((request, index) => `  request ${index + 1}: ${JSON.stringify(requestContents(request)).slice(0, 1500)}`).join('\n')}`);
  }
  const pairing = requests.flatMap((request, index) => contentViolations(requestContents(request), `request ${index + 1}`, true));
  const loaded = events.find((event) => event.type === 'session-loaded');
  const sessionId = loaded?.type === 'session-loaded' ? loaded.session.sessionId : '';
  const stored = await loadHistory(db, sessionId);
  if (stored.ok) pairing.push(...contentViolations(stored.value.history, 'stored history', false));
  else pairing.push(`stored history could not be loaded: ${stored.error.message}`);
  db.close();

  const fault = judgeEnd(faultEvents, kind.outcomes);
  const followUp = judgeEnd(followUpEvents, ['completed']);
  const faultRequests = requests.slice(0, requestsBeforeFollowUp);
  const followUpText = streamedText({ events: followUpEvents, requests });
  return {
    kind: kind.name,
    requests: requests.length,
    pairingViolations: pairing,
    requestsAfterStop: requestsAtStop === undefined ? 0 : Math.max(0, faultRequests.length - requestsAtStop),
    unclear: [...unclear, ...fault.unclear],
    followUpProblems: [
      ...followUp.unclear.map((problem) => `next message: ${problem}`),
      ...(followUpText === RECOVERED ? [] : [`next message streamed "${followUpText.slice(0, 80)}", expected "${RECOVERED}"`]),
    ],
    uncaught,
    kindProblems: kind.check?.({ events: faultEvents, requests: faultRequests }) ?? [],
    outcome: fault.outcome,
    ms: Date.now() - started,
  };
}
