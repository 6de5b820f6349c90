/**
 * `run_calls` (issue 26, Edit reply and fork): the calls of the history's last model entry run
 * through the scheduler and its approvals as if the reply had just arrived, each gets exactly
 * one response, and the loop goes on to the model with the results.
 */
import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { T, reply } from './testing/fake-model';
import { createHarness } from './testing/harness';

const edited: Content[] = [
  { role: 'user', parts: [{ text: 'Write the file' }] },
  { role: 'model', parts: [{ text: 'Writing it.' }, { functionCall: { id: 'edited-1', name: 'write_file', args: { file_path: 'b.txt', content: 'edited' } } }] },
];

describe('run_calls', () => {
  it('runs the last reply\'s calls after approval, answers each once, and sends the results to the model', async () => {
    const harness = createHarness({ initialHistory: edited, script: [reply(T('Done with the edited call.'), 'STOP')], settings: { approvalMode: 'ask' } });
    const outcome = await harness.agent.run({ type: 'run_calls' }, new AbortController().signal);
    expect(outcome).toBe('completed');
    expect(harness.approvals.map((request) => request.callId)).toEqual(['edited-1']);
    expect(harness.tools.toolLog.map((entry) => entry.args)).toEqual([{ file_path: 'b.txt', content: 'edited' }]);
    const sent = harness.model.requests[0]!.contents;
    expect(sent.slice(0, 2)).toMatchObject(edited);
    expect(sent[2]!.parts.map((part) => part.functionResponse?.id)).toEqual(['edited-1']);
    expect(harness.agent.history().at(-1)).toEqual({ role: 'model', parts: [{ text: 'Done with the edited call.' }] });
    harness.expectHealthy();
  });

  it('a denied call does not run, is answered once, and the run ends there as after any denial', async () => {
    const harness = createHarness({ initialHistory: edited, approve: () => 'cancel', settings: { approvalMode: 'ask' } });
    await harness.agent.run({ type: 'run_calls' }, new AbortController().signal);
    expect(harness.tools.toolLog).toEqual([]);
    expect(harness.model.requests).toEqual([]);
    expect(harness.agent.history().at(-1)!.parts.map((part) => part.functionResponse?.id)).toEqual(['edited-1']);
    harness.expectHealthy();
  });

  it('does nothing when the history does not end with calls', async () => {
    const harness = createHarness({ initialHistory: [edited[0]!, { role: 'model', parts: [{ text: 'Hi.' }] }] });
    expect(await harness.agent.run({ type: 'run_calls' }, new AbortController().signal)).toBe('completed');
    expect(harness.model.requests).toEqual([]);
  });
});
