import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import type { Content } from '../../shared/content';
import { initialSessionView, sessionReducer } from './session-reducer';
import { itemsFromHistory } from './history-items';
import type { SessionView } from './session-reducer';
import type { PageAgentEvent } from '../../worker/protocol';

function apply(events: PageAgentEvent[], state: SessionView = initialSessionView): SessionView {
  return events.reduce((current, event) => sessionReducer(current, { type: 'agent-event', sessionId: 's', event }), state);
}

const call = (status: ToolCallView['status']): ToolCallView => ({
  callId: 'c1',
  name: 'write_file',
  args: { file_path: 'a.txt', content: 'x' },
  summary: 'a.txt',
  status,
  index: 0,
});

describe('session reducer', () => {
  it('streams content chunks into one agent message and ends it when the round trip finishes', () => {
    const state = apply([
      { type: 'content', value: 'Hel' },
      { type: 'content', value: 'lo' },
      { type: 'finished', value: { reason: 'STOP' } },
    ]);
    expect(state.items).toEqual([expect.objectContaining({ type: 'agent', text: 'Hello', streaming: false })]);
  });

  it('shows the sources an answer cited as a note after it, as plain text', () => {
    const state = apply([
      { type: 'content', value: 'Quoted.' },
      { type: 'citation', value: 'Citations:\nhttps://example.org/<b>spec</b>' },
      { type: 'finished', value: { reason: 'STOP' } },
    ]);
    expect(state.items).toEqual([
      expect.objectContaining({ type: 'agent', text: 'Quoted.', streaming: false }),
      expect.objectContaining({ type: 'notice', message: 'Citations:\nhttps://example.org/<b>spec</b>' }),
    ]);
  });

  it('discards the half-rendered text of a failed attempt when a retry starts (A9)', () => {
    const state = apply([
      { type: 'content', value: 'partial' },
      { type: 'retry', value: { attempt: 1, maxRetries: 10, delayMs: 5000, reason: 'rate-limit', message: 'rate limited' } },
      { type: 'content', value: 'final' },
    ]);
    expect(state.items.map((item) => item.type)).toEqual(['notice', 'agent']);
    expect(state.items[0]).toMatchObject({ message: 'Retrying (attempt 1 of 10) in 5 s: rate limited' });
    expect(state.items[1]).toMatchObject({ text: 'final' });
  });

  it('J5 shows a next-speaker check as one line: asking, then its verdict with the reasoning', () => {
    const asking = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'content', value: 'I will read it next.' },
      { type: 'next_speaker_check', value: { phase: 'asking' } },
      { type: 'round_trip_start', value: { roundTripId: 'r2', model: 'm' } },
    ]);
    expect(asking.items.at(-1)).toMatchObject({ type: 'notice', message: 'Next-speaker check: asking the model who speaks next…' });
    const decided = apply(
      [
        { type: 'retry', value: { attempt: 1, maxRetries: 10, delayMs: 5000, reason: 'rate-limit', message: 'rate limited' } },
        { type: 'next_speaker_check', value: { phase: 'decided', nextSpeaker: 'model', source: 'model', reasoning: 'It said it would go on.' } },
      ],
      asking,
    );
    expect(decided.items.map((item) => item.type === 'notice' && item.message)).toEqual([
      false,
      'Next-speaker check: the model goes on. It said it would go on.',
      'Retrying (attempt 1 of 10) in 5 s: rate limited',
    ]);
    expect(decided.retry).toBeNull();
  });

  it('J5 a failed or structural next-speaker check says so', () => {
    const failed = apply([
      { type: 'next_speaker_check', value: { phase: 'asking' } },
      { type: 'next_speaker_check', value: { phase: 'decided', nextSpeaker: 'user', source: 'failed', reasoning: 'The answer was not the JSON that was asked for.' } },
    ]);
    expect(failed.items).toEqual([
      expect.objectContaining({ message: 'Next-speaker check could not decide: The answer was not the JSON that was asked for. Your turn.' }),
    ]);
    const rule = apply([{ type: 'next_speaker_check', value: { phase: 'decided', nextSpeaker: 'model', source: 'rule', reasoning: "The model's last reply was empty." } }]);
    expect(rule.items).toEqual([
      expect.objectContaining({ message: "Next-speaker check: the model goes on (no model call needed). The model's last reply was empty." }),
    ]);
    const user = apply([{ type: 'next_speaker_check', value: { phase: 'decided', nextSpeaker: 'user', source: 'model', reasoning: '' } }]);
    expect(user.items).toEqual([expect.objectContaining({ message: 'Next-speaker check: your turn.' })]);
  });

  it('a run of the Before stopping hook is a line saying how it ended and whether the model goes on; an After each edit run stays on its card', () => {
    const state = apply([
      { type: 'hook_run', value: { hook: 'after_edit', callId: 'c1', exitCode: 0, durationMs: 12, output: 'ok' } },
      { type: 'hook_run', value: { hook: 'before_stop', exitCode: 1, durationMs: 40, output: 'fail', sentToModel: true } },
      { type: 'hook_run', value: { hook: 'before_stop', exitCode: 1, durationMs: 1500, output: 'fail', sentToModel: false } },
      { type: 'hook_run', value: { hook: 'before_stop', exitCode: null, durationMs: 120_000, timedOut: true, output: '' } },
    ]);
    expect(state.items.map((item) => item.type === 'notice' && item.message)).toEqual([
      'Hook "Before stopping run": exit code 1, 40 ms. Its output was sent to the model, which goes on.',
      'Hook "Before stopping run": exit code 1, 1.5 s. The model already went on as often as it may in a row, so the run ends.',
      'Hook "Before stopping run": timed out, 120 s.',
    ]);
  });

  it('I4 a compression is a note with both token counts', () => {
    const state = apply([{ type: 'chat_compressed', value: { originalTokenCount: 5200, newTokenCount: 900, compressionStatus: 'COMPRESSED' } }]);
    expect(state.items).toEqual([expect.objectContaining({ type: 'notice', message: 'Chat compressed from 5200 to 900 tokens.' })]);
  });

  it('A9 a retry also discards the thoughts of the failed attempt, not those of earlier responses', () => {
    const state = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'thought', value: { subject: 'Earlier', description: 'kept' } },
      { type: 'content', value: 'Earlier answer.' },
      { type: 'finished', value: { reason: 'STOP' } },
      { type: 'round_trip_start', value: { roundTripId: 'r2', model: 'm' } },
      { type: 'thought', value: { subject: 'Planning', description: 'lost' } },
      { type: 'server_tool_call', value: { toolType: 'URL_CONTEXT', summary: 'Gemini read https://lost.example/ on its own servers (URL context).' } },
      { type: 'content', value: 'half' },
      { type: 'round_trip_end', value: { roundTripId: 'r2' } },
      { type: 'retry', value: { attempt: 1, maxRetries: 10, delayMs: 0, reason: 'server', message: 'overloaded' } },
    ]);
    expect(state.items.map((item) => (item.type === 'thought' ? item.description : item.type === 'agent' ? item.text : item.type))).toEqual([
      'kept',
      'Earlier answer.',
      'notice',
    ]);
    expect(JSON.stringify(state.items)).not.toContain('lost.example');
  });

  it('J4 a response blocked mid-stream by AfterModel is replaced: its streamed text goes, the substitute stays', () => {
    const state = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'content', value: 'the secret is' },
      { type: 'round_trip_end', value: { roundTripId: 'r1' } },
      { type: 'agent_execution_blocked', value: { reason: 'Redacted by policy.', replacesResponse: true } },
      { type: 'content', value: '[redacted]' },
      { type: 'finished', value: { reason: 'STOP' } },
    ]);
    expect(state.items).toEqual([
      expect.objectContaining({ type: 'notice', message: 'Redacted by policy.' }),
      expect.objectContaining({ type: 'agent', text: '[redacted]' }),
    ]);
  });

  it('J2 a block after a finished response keeps that response', () => {
    const state = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'content', value: 'done' },
      { type: 'finished', value: { reason: 'STOP' } },
      { type: 'agent_execution_blocked', value: { reason: 'Run the tests first.' } },
    ]);
    expect(state.items.map((item) => item.type)).toEqual(['agent', 'notice']);
  });

  it('K6 a cancel ends the streaming message, says so, and the end of the interaction clears the retry banner', () => {
    const cancelled = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'retry', value: { attempt: 1, maxRetries: 10, delayMs: 5000, reason: 'rate-limit', message: 'rate limited' } },
      { type: 'content', value: 'half an ans' },
      { type: 'user_cancelled' },
    ]);
    expect(cancelled.items.at(-2)).toMatchObject({ type: 'agent', text: 'half an ans', streaming: false });
    expect(cancelled.items.at(-1)).toMatchObject({ type: 'notice', message: 'Request cancelled.' });
    const ended = apply([{ type: 'interaction_end', value: { outcome: 'cancelled' } }], cancelled);
    expect(ended.retry).toBeNull();
  });

  it('G1 Continue stays on offer when a run ends interrupted (a failed Continue, a failed send)', () => {
    const interrupted = { type: 'interrupted_prompt' as const, parts: [{ text: 'q' }] };
    let state = sessionReducer(initialSessionView, { type: 'running', sessionId: 's', running: true });
    state = apply([{ type: 'interaction_end', value: { outcome: 'error' } }], state);
    expect(state.interruption).toEqual({ type: 'none' });
    state = sessionReducer(state, { type: 'running', sessionId: 's', running: false, interruption: interrupted });
    expect(state.interruption).toEqual(interrupted);
    state = sessionReducer(state, { type: 'running', sessionId: 's', running: false, interruption: { type: 'none' } });
    expect(state.interruption).toEqual({ type: 'none' });
  });

  it('a message the worker refused leaves the transcript and an alert says why', () => {
    let state = sessionReducer(initialSessionView, { type: 'local-send', text: 'earlier' });
    state = sessionReducer(state, { type: 'local-send', text: 'hello' });
    state = sessionReducer(state, { type: 'send-refused', text: 'hello', message: 'No session is open yet.' });
    expect(state.items.map((item) => item.type)).toEqual(['user', 'alert']);
    expect(state.items[1]).toMatchObject({ message: 'Your message was not sent: No session is open yet.' });
  });

  it('a message sent before any session is open waits for it and stays in the transcript of the session that loads', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'earlier question' }] },
      { role: 'model', parts: [{ text: 'earlier answer' }] },
    ];
    let state = sessionReducer(initialSessionView, { type: 'local-send', text: 'build a page' });
    expect(state.waitingMessage).toBe('build a page');
    state = sessionReducer(state, {
      type: 'session-loaded',
      session: { sessionId: 's1', approvalMode: 'ask', history, interruption: { type: 'none' }, sandboxKind: 'offline' },
    });
    expect(state.items.map((item) => (item.type === 'user' || item.type === 'agent' ? item.text : item.type))).toEqual([
      'earlier question',
      'earlier answer',
      'build a page',
    ]);
    expect(state.waitingMessage).toBe('build a page');
    state = sessionReducer(state, { type: 'send-accepted' });
    expect(state.waitingMessage).toBeNull();
    // Once taken, a later session switch shows that session's own history only.
    state = sessionReducer(state, {
      type: 'session-loaded',
      session: { sessionId: 's2', approvalMode: 'ask', history: [], interruption: { type: 'none' }, sandboxKind: 'offline' },
    });
    expect(state.items).toEqual([]);
  });

  it('a refused message ends the wait', () => {
    let state = sessionReducer(initialSessionView, { type: 'local-send', text: 'hello' });
    state = sessionReducer(state, { type: 'send-refused', text: 'hello', message: 'The agent could not start.' });
    expect(state.waitingMessage).toBeNull();
  });

  it('a retry is in progress from its event until the next attempt starts', () => {
    const waiting = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'round_trip_end', value: { roundTripId: 'r1' } },
      { type: 'retry', value: { attempt: 1, maxRetries: 10, delayMs: 5000, reason: 'rate-limit', message: 'rate limited' } },
    ]);
    expect(waiting.retry).toMatchObject({ attempt: 1 });
    expect(apply([{ type: 'round_trip_start', value: { roundTripId: 'r2', model: 'm' } }], waiting).retry).toBeNull();
  });

  it('updates a tool card in place as its status changes', () => {
    const state = apply([
      { type: 'tool_calls_update', value: [call('validating')] },
      { type: 'tool_calls_update', value: [call('awaiting_approval')] },
      { type: 'tool_calls_update', value: [call('success')] },
    ]);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ type: 'tool', call: { status: 'success' } });
  });

  it('joins thought pieces that continue the same subject', () => {
    const state = apply([
      { type: 'thought', value: { subject: 'Plan', description: 'read the' } },
      { type: 'thought', value: { subject: '', description: 'file first' } },
      { type: 'thought', value: { subject: 'Next', description: 'edit' } },
    ]);
    expect(state.items).toEqual([
      expect.objectContaining({ subject: 'Plan', description: 'read the file first' }),
      expect.objectContaining({ subject: 'Next', description: 'edit' }),
    ]);
  });

  it('makes a loop stop an alert that offers to disable detection', () => {
    const state = apply([{ type: 'loop_detected', value: { loopType: 'consecutive_identical_tool_calls' } }]);
    expect(state.items[0]).toMatchObject({ type: 'alert', action: 'disable-loop-detection' });
    expect(state.items[0]?.type === 'alert' && state.items[0].message).toContain('Loop detected');
  });
});

describe('transcript from stored history', () => {
  it('rebuilds messages and tool cards with statuses from their responses', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'make files' }] },
      {
        role: 'model',
        parts: [
          { text: 'Sure.' },
          { functionCall: { id: 'a', name: 'write_file', args: { file_path: 'a.txt', content: '1' } } },
          { functionCall: { id: 'b', name: 'write_file', args: { file_path: 'b.txt', content: '2' } } },
          { functionCall: { id: 'c', name: 'read_file', args: { file_path: 'c.txt' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'a', name: 'write_file', response: { output: 'ok' } } },
          { functionResponse: { id: 'b', name: 'write_file', response: { error: '[Operation Cancelled] Reason: User did not allow tool call' } } },
          { functionResponse: { id: 'c', name: 'read_file', response: { error: 'File not found' } } },
          { text: '<system-reminder>hidden</system-reminder>' },
        ],
      },
      { role: 'model', parts: [{ text: 'Done', thought: false }] },
    ];
    const items = itemsFromHistory(history);
    expect(items.map((item) => (item.type === 'tool' ? `${item.call.name}:${item.call.status}` : item.type))).toEqual([
      'user',
      'agent',
      'write_file:success',
      'write_file:cancelled',
      'read_file:error',
      'agent',
    ]);
  });

  it('shows a reopened call’s stored card, and derives the card of a call stored before cards were kept', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'look around' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { id: 'old', name: 'glob', args: { pattern: '*.md', dir_path: 'docs' } } },
          { functionCall: { id: 'new', name: 'glob', args: { pattern: '*.ts', dir_path: 'src' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'old', name: 'glob', response: { error: '[Operation Cancelled] Reason: stopped' } } },
          { functionResponse: { id: 'new', name: 'glob', response: { error: '[Operation Cancelled] Reason: the text says so' } } },
        ],
      },
    ];
    const items = itemsFromHistory(history, 0, { new: { summary: '*.ts in src', status: 'error' } });
    expect(items.flatMap((item) => (item.type === 'tool' ? [[item.call.callId, item.call.summary, item.call.status]] : []))).toEqual([
      ['old', 'docs', 'cancelled'],
      ['new', '*.ts in src', 'error'],
    ]);
  });

  it('shows a tool Gemini ran on its own servers as one line, live and after a reload', () => {
    const toolCall = { id: 's', toolType: 'URL_CONTEXT', args: { urls: ['https://docs.example/a'] } };
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'read it' }] },
      { role: 'model', parts: [{ toolCall }, { toolResponse: { id: 's', toolType: 'URL_CONTEXT', response: {} } }, { text: 'Read.' }] },
    ];
    const line = 'Gemini read https://docs.example/a on its own servers (URL context).';
    expect(itemsFromHistory(history).map((item) => (item.type === 'notice' ? item.message : item.type))).toEqual(['user', line, 'agent']);
    const live = apply([{ type: 'server_tool_call', value: { toolType: 'URL_CONTEXT', summary: line } }]);
    expect(live.items.map((item) => (item.type === 'notice' ? item.message : item.type))).toEqual([line]);
  });
});

describe("the transcript learns each stored entry's id (what a fork names)", () => {
  it("puts the person's message's and the reply's entry ids on their items as each is stored", () => {
    let state = sessionReducer({ ...initialSessionView, sessionId: 's' }, { type: 'local-send', text: 'make it' });
    state = sessionReducer(state, { type: 'send-accepted' });
    expect(state.items.at(-1)).toMatchObject({ type: 'user', text: 'make it' });
    expect(state.items.at(-1)).not.toHaveProperty('entryId');
    state = apply([{ type: 'entry_stored', value: { entryId: 'm1', kind: 'message' } }, { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } }, { type: 'content', value: 'Done.' }], state);
    expect(state.items.find((item) => item.type === 'agent')).not.toHaveProperty('entryId');
    state = apply([{ type: 'entry_stored', value: { entryId: 'r-1', kind: 'reply' } }, { type: 'round_trip_end', value: { roundTripId: 'r1' } } as PageAgentEvent], state);
    expect(state.items.map((item) => ('entryId' in item ? item.entryId : undefined))).toEqual(['m1', 'r-1']);
  });

  it('a reply stored in a later attempt does not name the text of an earlier one', () => {
    const state = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'content', value: 'First.' },
      { type: 'entry_stored', value: { entryId: 'first', kind: 'reply' } },
      { type: 'round_trip_start', value: { roundTripId: 'r2', model: 'm' } },
      { type: 'entry_stored', value: { entryId: 'calls-only', kind: 'reply' } },
    ]);
    expect(state.items.map((item) => ('entryId' in item ? item.entryId : undefined))).toEqual(['first']);
  });

  it("names every text of the attempt's reply (before and after its calls), and a continued reply's second part with the same id", () => {
    const state = apply([
      { type: 'round_trip_start', value: { roundTripId: 'r1', model: 'm' } },
      { type: 'content', value: 'Before.' },
      { type: 'tool_calls_update', value: [call('scheduled')] },
      { type: 'content', value: 'After.' },
      { type: 'entry_stored', value: { entryId: 'reply', kind: 'reply' } },
      { type: 'round_trip_start', value: { roundTripId: 'r2', model: 'm' } },
      { type: 'content', value: 'More.' },
      { type: 'entry_stored', value: { entryId: 'reply', kind: 'reply' } },
    ]);
    expect(state.items.filter((item) => item.type === 'agent').map((item) => [item.text, item.type === 'agent' && item.entryId])).toEqual([
      ['Before.', 'reply'],
      ['After.', 'reply'],
      ['More.', 'reply'],
    ]);
  });

  it('rebuilds items from stored history with their entries ids', () => {
    const history: Content[] = [
      { role: 'user', parts: [{ text: 'hello' }], entryId: 'u' },
      { role: 'model', parts: [{ text: 'hi' }], entryId: 'm' },
    ];
    expect(itemsFromHistory(history).map((item) => ('entryId' in item ? item.entryId : undefined))).toEqual(['u', 'm']);
  });
});
