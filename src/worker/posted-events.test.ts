/**
 * What crosses to the page: only events the page reads. Node, fake-indexeddb, the real
 * controller, tools and agent, a scripted model.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { FC, T, createFakeModel, reply } from '../agent/testing/fake-model';
import { createControllerHarness } from './testing/controller-harness';

let counter = 0;

/** A run whose one write_file call waits for approval, is allowed once, and is answered with "Done.". */
async function writeApprovedOnce() {
  const model = createFakeModel([reply(FC('write_file', { file_path: 'a.txt', content: 'one' }), 'STOP'), reply(T('Done.'), 'STOP')]);
  const h = createControllerHarness({ databaseName: `posted-${counter++}`, model });
  await h.init();
  await h.send({ type: 'send', sessionId: null, text: 'write a.txt' });
  await vi.waitFor(() => expect(h.calls().some((call) => call.status === 'awaiting_approval')).toBe(true));
  const waiting = h.calls().find((call) => call.status === 'awaiting_approval');
  await h.send({ type: 'approval-response', callId: waiting!.callId, outcome: 'proceed_once' });
  await h.controller.idle();
  return { h, waiting };
}

describe('events posted to the page', () => {
  it('leaves a tool call’s request, confirmation and response in the worker: its card comes from tool_calls_update', async () => {
    const { h, waiting } = await writeApprovedOnce();

    const agentEvents = h.events.flatMap((event) => (event.type === 'agent-event' ? [event.event.type as string] : []));
    expect(agentEvents).toContain('tool_calls_update');
    expect(agentEvents).toContain('interaction_end');
    for (const unread of ['tool_call_request', 'tool_call_confirmation', 'tool_call_response', 'model_info']) expect(agentEvents).not.toContain(unread);
    expect(h.calls().at(-1)).toMatchObject({ callId: waiting!.callId, status: 'success', summary: 'a.txt' });
    h.db.close();
  });

  it('marks urgent the events a person waits for: an approval to give and the answer\'s end, not the end of the response that asked for the tool', async () => {
    const { h } = await writeApprovedOnce();

    const urgent = h.events.flatMap((event) => (event.type === 'agent-event' && event.urgent ? [event.event] : []));
    expect(urgent.map((event) => event.type)).toEqual(['tool_calls_update', 'round_trip_end', 'finished', 'interaction_end']);
    expect(urgent[0]).toMatchObject({ value: [{ status: 'awaiting_approval' }] });
    h.db.close();
  });
});
