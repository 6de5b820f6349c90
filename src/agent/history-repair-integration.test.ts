import { describe, expect, it } from 'vitest';
import type { Content } from '../shared/content';
import { ORPHAN_TOOL_USE_REPAIR_REASON } from './history/orphan-repair';
import { INTERRUPTED_RESPONSE_PLACEHOLDER, SYNTHETIC_THOUGHT_SIGNATURE } from './history/request-contents';
import { FC, reply, TH } from './testing/fake-model';
import { createHarness, texts } from './testing/harness';

const q: Content = { role: 'user', parts: [{ text: 'q' }] };
const callTurn = (id: string): Content => ({ role: 'model', parts: [{ functionCall: { id, name: 'read_file', args: { file_path: 'a' } } }] });
const resultTurn = (id: string): Content => ({ role: 'user', parts: [{ functionResponse: { id, name: 'read_file', response: { output: 'x' } } }] });

describe('F. history invariants and repair, end to end', () => {
  it('F1 real tool results close the pair; nothing is synthesized', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    const results = h.agent.history()[2]!.parts;
    expect(results).toHaveLength(1);
    expect(results[0]!.functionResponse!.response).toEqual({ output: 'contents of a' });
    h.expectHealthy();
  });

  it('F2 an orphaned call in stored history is answered before the next send', async () => {
    const h = createHarness({ initialHistory: [q, callTurn('c1')], script: [reply('ok', 'STOP')] });
    await h.run('next');
    const request = h.model.requests[0]!.contents;
    expect(request[2]!.parts[0]!.functionResponse).toMatchObject({ id: 'c1', response: { error: ORPHAN_TOOL_USE_REPAIR_REASON } });
    expect(texts(request[2])).toEqual(['next']);
    h.expectHealthy();
  });

  it('F3 consecutive user turns are coalesced in the request', async () => {
    const h = createHarness({ initialHistory: [q, { role: 'model', parts: [{ text: 'a' }] }, { role: 'user', parts: [{ text: 'r1' }] }], script: [reply('ok', 'STOP')] });
    await h.run('r2');
    const contents = h.model.requests[0]!.contents;
    expect(contents).toHaveLength(3);
    expect(texts(contents[2])).toEqual(['r1', 'r2']);
  });

  it('F4 a new prompt after an unanswered tool result gets the placeholder model turn', async () => {
    const h = createHarness({ initialHistory: [q, callTurn('c1'), resultTurn('c1')], script: [reply('ok', 'STOP')] });
    await h.run('continue?');
    const stored = h.store.history();
    expect(stored[3]).toEqual({ role: 'model', parts: [{ text: INTERRUPTED_RESPONSE_PLACEHOLDER }] });
    expect(stored[4]).toEqual({ role: 'user', parts: [{ text: 'continue?' }] });
    h.expectHealthy();
  });

  it('F5 an invalid stored model turn is left out of requests', async () => {
    const h = createHarness({ initialHistory: [q, { role: 'model', parts: [{ text: '' }] }], script: [reply('ok', 'STOP')] });
    await h.run('r');
    const contents = h.model.requests[0]!.contents;
    expect(contents.some((content) => content.role === 'model')).toBe(false);
  });

  it('F5 F6 a model answer that ends with a signature-only part stays in the next request, signature included', async () => {
    const h = createHarness({ script: [{ chunks: [{ text: 'answer' }, { signatureOnly: 'SIG', finish: 'STOP' }] }, reply('ok', 'STOP')] });
    await h.run('q');
    await h.run('again');
    const model = h.model.requests[1]!.contents[1]!;
    expect(model.role).toBe('model');
    expect(model.parts).toEqual([{ text: 'answer' }, { text: '', thoughtSignature: 'SIG' }]);
    h.expectHealthy();
  });

  it('F5 F6 a call turn followed by a signature-only part keeps the call and its result in the next request', async () => {
    const h = createHarness({
      script: [{ chunks: [{ calls: [FC('read_file', { file_path: 'a' })] }, { signatureOnly: 'SIG', finish: 'STOP' }] }, reply('ok', 'STOP')],
    });
    await h.run('q');
    const contents = h.model.requests[1]!.contents;
    expect(contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(contents[1]!.parts.at(-1)).toEqual({ text: '', thoughtSignature: 'SIG' });
    expect(contents[2]!.parts[0]!.functionResponse?.name).toBe('read_file');
    h.expectHealthy();
  });

  it('F6 a call without a signature gets the synthetic one in the next request', async () => {
    const h = createHarness({ script: [reply(FC('read_file', { file_path: 'a' }), 'STOP'), reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.model.requests[1]!.contents[1]!.parts[0]!.thoughtSignature).toBe(SYNTHETIC_THOUGHT_SIGNATURE);
    expect(h.agent.history()[1]!.parts[0]!.thoughtSignature).toBeUndefined();
  });

  it('F6 a signature from the model is sent back exactly', async () => {
    const h = createHarness({ script: [reply({ calls: [{ ...FC('read_file', { file_path: 'a' }), signature: 'SIG' }], finish: 'STOP' }), reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.model.requests[1]!.contents[1]!.parts[0]!.thoughtSignature).toBe('SIG');
    expect(h.agent.history()[1]!.parts[0]!.thoughtSignature).toBe('SIG');
  });

  it('F6 a signature on a stripped thought moves to the first call', async () => {
    const h = createHarness({
      script: [
        { chunks: [{ ...TH('**Plan** x'), thoughtSignature: 'THOUGHT-SIG' }, { calls: [FC('read_file', { file_path: 'a' })], finish: 'STOP' }] },
        reply('ok', 'STOP'),
      ],
    });
    await h.run('q');
    expect(h.agent.history()[1]!.parts).toEqual([
      { functionCall: { id: h.callIds()[0], name: 'read_file', args: { file_path: 'a' } }, thoughtSignature: 'THOUGHT-SIG' },
    ]);
    expect(h.model.requests[1]!.contents[1]!.parts[0]!.thoughtSignature).toBe('THOUGHT-SIG');
  });

  it('F7 a failed attempt is never committed', async () => {
    const h = createHarness({ script: [{ chunks: [{ text: 'half' }], failAfter: { chunkIndex: 0, error: { status: 503 } } }, reply('whole', 'STOP')] });
    await h.run('q');
    for (const commit of h.store.commits) expect(JSON.stringify(commit)).not.toContain('half');
    expect(texts(h.agent.history()[1])).toEqual(['whole']);
  });

  it('F8 a provider id already answered is not executed again', async () => {
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a' }, 'p1'), 'STOP'), reply(FC('read_file', { file_path: 'a' }, 'p1'), 'STOP'), reply('ok', 'STOP')],
    });
    await h.run('q');
    expect(h.tools.toolLog).toHaveLength(1);
    const error = String(h.model.requests[2]!.contents.at(-1)!.parts[0]!.functionResponse!.response['error']);
    expect(error.startsWith('Duplicate provider tool call id "p1" was already handled')).toBe(true);
    h.expectHealthy();
  });

  it('F8 a repeated provider id is answered under a fresh id; the first call keeps its id and its card', async () => {
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a' }, 'p1'), 'STOP'), reply(FC('read_file', { file_path: 'b' }, 'p1'), 'STOP'), reply('ok', 'STOP')],
    });
    await h.run('q');
    const [first, second] = h.callIds();
    expect(first).toBe('p1');
    expect(second).not.toBe('p1');
    const sent = h.model.requests[2]!.contents;
    expect(sent[3]!.parts[0]!.functionCall!.id).toBe(second);
    expect(sent[4]!.parts[0]!.functionResponse!.id).toBe(second);
    expect(String(sent[4]!.parts[0]!.functionResponse!.response['error'])).toContain('"p1" was already handled');
    expect(h.statuses('p1')).not.toContain('error');
    expect(h.statuses('p1').at(-1)).toBe('success');
    expect(h.statuses(second!).at(-1)).toBe('error');
    h.expectHealthy();
  });

  it('F8 a provider id already in the stored history is not run again after a reload', async () => {
    const h = createHarness({
      initialHistory: [q, callTurn('p1'), resultTurn('p1'), { role: 'model', parts: [{ text: 'done' }] }],
      script: [reply(FC('read_file', { file_path: 'a' }, 'p1'), 'STOP'), reply('ok', 'STOP')],
    });
    await h.run('again');
    expect(h.tools.toolLog).toHaveLength(0);
    const answer = h.model.requests[1]!.contents.at(-1)!.parts[0]!.functionResponse!;
    expect(answer.id).not.toBe('p1');
    expect(String(answer.response['error'])).toContain('"p1" was already handled');
    h.expectHealthy();
  });

  it('F8 the same duplicate id again stops the interaction as a loop', async () => {
    const h = createHarness({
      script: [1, 2, 3].map(() => reply(FC('read_file', { file_path: 'a' }, 'p1'), 'STOP')),
    });
    expect(await h.run('q')).toBe('loop_detected');
    expect(h.model.requests).toHaveLength(3);
    expect(h.ofType('loop_detected')[0]!.value.loopType).toBe('repeated_duplicate_provider_tool_call');
    h.expectHealthy();
  });
});
