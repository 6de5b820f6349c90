/**
 * Wires a real agent to the fakes of spec §2 and exposes the observables: `events`,
 * `model.requests`, `tools.toolLog`, `store.commits`.
 *
 * Every test that builds a harness checks the invariants of spec §2 without asking:
 * each request, as it is sent, must satisfy (a) pairing and (b) no same-role
 * neighbours, start and end with a user turn, and the store must already hold the
 * agent's history (durability: every
 * committed change is stored before the next request). Violations fail the test when
 * it finishes. `expectHealthy()` adds the end-of-test checks: the stored history pairs
 * up, equals the in-memory one, and the script did not run out.
 */
import { isDeepStrictEqual } from 'node:util';
import { expect, onTestFinished } from 'vitest';
import type { Content } from '../../shared/content';
import { createAgent } from '../agent';
import type {
  Agent,
  AgentConfig,
  AgentEvent,
  AgentSettings,
  ApprovalOutcome,
  ApprovalRequest,
  Hooks,
  InteractionOutcome,
  SteeringInbox,
  ToolCallStatus,
  WorkspaceContext,
} from '../types';
import { createFakeClock } from './fake-clock';
import type { FakeClock } from './fake-clock';
import { createFakeModel } from './fake-model';
import type { FakeModel, FakeResponse } from './fake-model';
import { standardFakeTools } from './fake-tools';
import type { FakeToolSpec, FakeTools } from './fake-tools';
import { expectInvariants, pairingViolations, sameRoleNeighbourViolations } from './invariants';
import { createMemoryStore } from './memory-store';
import type { MemoryStore } from './memory-store';

export type Approver = (request: ApprovalRequest, signal: AbortSignal) => Promise<ApprovalOutcome> | ApprovalOutcome;

export interface HarnessOptions {
  script?: FakeResponse[];
  tools?: Record<string, Partial<FakeToolSpec>>;
  settings?: Partial<AgentSettings>;
  config?: Partial<AgentConfig>;
  hooks?: Hooks;
  initialHistory?: Content[];
  /** Answers approval requests; defaults to proceed_once. */
  approve?: Approver;
  clockMode?: 'auto' | 'manual';
  tokenLimit?: number;
  /** The fake model awaits the commit before it sends, as the real adapters do (the default); false: the chat awaits it first. */
  modelGatesSend?: boolean;
  /** Where outputs held back by the batch output budget (E5) are saved; by default saving fails. */
  spill?: (path: string, text: string) => Promise<void>;
  workspaceContext?: WorkspaceContext;
  /** Steering messages sent while the agent works (testing/steering-inbox.ts). */
  steering?: SteeringInbox;
}

export interface Harness {
  agent: Agent;
  model: FakeModel;
  tools: FakeTools;
  clock: FakeClock;
  store: MemoryStore;
  events: AgentEvent[];
  approvals: ApprovalRequest[];
  run(text: string, signal?: AbortSignal): Promise<InteractionOutcome>;
  resume(signal?: AbortSignal): Promise<InteractionOutcome>;
  /** Event types in order. */
  types(): AgentEvent['type'][];
  ofType<T extends AgentEvent['type']>(type: T): Extract<AgentEvent, { type: T }>[];
  /** The distinct statuses one call went through, from tool_calls_update snapshots. */
  statuses(callId: string): ToolCallStatus[];
  /** Call ids in the order tool_call_request announced them. */
  callIds(): string[];
  /** What the per-request checks found so far (failing the test at its end unless emptied). */
  readonly requestViolations: string[];
  /** INVARIANT(P) on every request, pairing on the stored history, and (c) store = memory. */
  expectHealthy(): void;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const clock = createFakeClock({ mode: options.clockMode ?? 'auto' });
  const requestViolations: string[] = [];
  const model = createFakeModel(options.script ?? [], {
    ...(options.tokenLimit === undefined ? {} : { tokenLimit: options.tokenLimit }),
    gatesSend: options.modelGatesSend ?? true,
    onRequest: (request) => requestViolations.push(...checkRequest(model.requests.length, request.contents)),
  });
  const tools = standardFakeTools(clock, options.tools);
  const store = createMemoryStore(options.initialHistory);
  const checkRequest = (ordinal: number, contents: readonly Content[]): string[] => {
    const found = [...pairingViolations(contents), ...sameRoleNeighbourViolations(contents)];
    // Gemini answers 400 unless a multi-turn request starts and ends with a user turn.
    if (contents[0]?.role !== 'user') found.push('the request does not start with a user turn');
    if (contents.at(-1)?.role !== 'user') found.push('the request does not end with a user turn');
    if (!isDeepStrictEqual(store.history(), agent.history())) {
      found.push('the store did not hold the agent\'s history when the request was sent');
    }
    return found.map((violation) => `request ${ordinal}: ${violation}`);
  };
  onTestFinished(() => {
    expect(requestViolations, 'invariants of spec §2 checked on each request as it was sent').toEqual([]);
  });
  const events: AgentEvent[] = [];
  const approvals: ApprovalRequest[] = [];
  let counter = 0;
  const agent = createAgent({
    model,
    tools,
    spill: options.spill ?? noWorkspace,
    store,
    clock,
    newId: () => `id${++counter}`,
    emit: (event) => events.push(structuredClone(event)),
    async requestApproval(request, signal) {
      approvals.push(request);
      return options.approve ? options.approve(request, signal) : 'proceed_once';
    },
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.steering ? { steering: options.steering } : {}),
    ...(options.workspaceContext ? { workspaceContext: options.workspaceContext } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.initialHistory ? { initialHistory: options.initialHistory } : {}),
    settings: { model: 'model-a', approvalMode: 'allow-all', ...options.settings },
  });

  const harness: Harness = {
    agent,
    model,
    tools,
    clock,
    store,
    events,
    approvals,
    requestViolations,
    run: (text, signal = new AbortController().signal) => agent.run({ type: 'user_query', text }, signal),
    resume: (signal = new AbortController().signal) => agent.run({ type: 'continue' }, signal),
    types: () => events.map((event) => event.type),
    ofType: <T extends AgentEvent['type']>(type: T) => events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type),
    statuses(callId) {
      const seen: ToolCallStatus[] = [];
      for (const event of harness.ofType('tool_calls_update')) {
        const view = event.value.find((candidate) => candidate.callId === callId);
        if (view && seen.at(-1) !== view.status) seen.push(view.status);
      }
      return seen;
    },
    callIds: () => harness.ofType('tool_call_request').map((event) => event.value.callId),
    expectHealthy() {
      for (const request of model.requests) expectInvariants(request.contents);
      expect(model.overruns, 'the fake model script ran out').toBe(0);
      expect(pairingViolations(store.history())).toEqual([]);
      if (store.commits.length > 0) expect(store.history()).toEqual(agent.history());
    },
  };
  return harness;
}

/** A harness has no workspace: a held-back output cannot be saved, and its result says so. */
async function noWorkspace(): Promise<void> {
  throw new Error('This test has no workspace.');
}

/** Polls (on macrotasks) until `predicate` holds; fails after `limit` turns. */
export async function waitUntil(predicate: () => boolean, limit = 500): Promise<void> {
  for (let turn = 0; turn < limit; turn++) {
    if (predicate()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('waitUntil: condition never held');
}

/** Text of every part of a Content, for assertions. */
export function texts(content: Content | undefined): string[] {
  return (content?.parts ?? []).flatMap((part) => (typeof part.text === 'string' ? [part.text] : []));
}
