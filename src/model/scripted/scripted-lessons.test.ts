// Each lesson end to end at the model level: requests built the way the agent builds them
// (model turns without thoughts, one user Content of function responses per batch).
import { describe, expect, it } from 'vitest';
import type { Content, FunctionCall, Part } from '../../shared/content';
import { visibleText } from '../../shared/content';
import { collectStream, partsOf } from '../testing/collect-stream';
import type { LanguageModel } from '../types';
import { buggyScript } from './lessons/fix-a-bug';
import { createScriptedModel } from './scripted-model';

interface Turn {
  text: string;
  calls: FunctionCall[];
}

/** Plays the agent: sends the history, appends the model turn, returns text and calls. */
async function modelTurn(model: LanguageModel, history: Content[]): Promise<Turn> {
  const stream = await collectStream(model.stream({ model: 'scripted', contents: history }, new AbortController().signal));
  const parts = partsOf(stream).filter((part) => !part.thought);
  history.push({ role: 'model', parts: parts.filter((part) => part.text !== '') });
  const calls = parts.flatMap((part) => (part.functionCall ? [part.functionCall] : []));
  return { text: visibleText({ role: 'model', parts }), calls };
}

function respond(history: Content[], calls: FunctionCall[], results: Array<Record<string, unknown>>): void {
  const parts: Part[] = calls.map((call, index) => ({
    functionResponse: { id: `id-${index}`, name: call.name, response: results[index] ?? { output: 'ok' } },
  }));
  history.push({ role: 'user', parts });
}

const DENIED = { error: '[Operation Cancelled] Reason: User did not allow tool call' };

describe('scripted lesson: Build a small web page', () => {
  it('writes both files in one turn, lists the folder, then sums up with the real listing', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const history: Content[] = [{ role: 'user', parts: [{ text: 'Please build a small web page' }] }];

    const first = await modelTurn(model, history);
    expect(first.calls.map((call) => [call.name, call.args['file_path']])).toEqual([
      ['write_file', 'index.html'],
      ['write_file', 'style.css'],
    ]);
    expect(String(first.calls[0]?.args['content'])).toContain('<link rel="stylesheet" href="style.css" />');
    respond(history, first.calls, [{ output: 'Wrote index.html' }, { output: 'Wrote style.css' }]);

    const second = await modelTurn(model, history);
    expect(second.calls).toEqual([{ name: 'list_directory', args: { dir_path: '.' } }]);
    respond(history, second.calls, [{ output: 'index.html\nstyle.css\nnotes-from-the-sandbox.txt' }]);

    const last = await modelTurn(model, history);
    expect(last.calls).toEqual([]);
    expect(last.text).toContain('notes-from-the-sandbox.txt');
    expect(last.text).toContain('**Summary**');
  });

  it('stops with a short acknowledgement when the person denies a write', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const history: Content[] = [{ role: 'user', parts: [{ text: 'Build a small web page' }] }];
    const first = await modelTurn(model, history);
    respond(history, first.calls, [{ output: 'Wrote index.html' }, DENIED]);
    const reply = await modelTurn(model, history);
    expect(reply.calls).toEqual([]);
    expect(reply.text).toMatch(/^You declined `write_file`, so I'll stop here\./);
  });
});

describe('scripted lesson: Fix a bug with an edit', () => {
  const wrongOutput = 'Hello, Ada!\nHello, Grace!\nHello, Linus!\nGreeted 0 people.\n';
  const rightOutput = 'Hello, Ada!\nHello, Grace!\nHello, Linus!\nGreeted 3 people.\n';

  it('writes, runs, reads, edits and reruns the script, reacting to the outputs', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const history: Content[] = [{ role: 'user', parts: [{ text: 'Fix a bug with an edit' }] }];
    const names: string[] = [];
    const outputs = [
      { output: 'Wrote greet.sh' },
      { output: wrongOutput },
      { output: buggyScript },
      { output: 'Edited greet.sh' },
      { output: rightOutput },
    ];
    let editCall: FunctionCall | undefined;
    for (const output of outputs) {
      const turn = await modelTurn(model, history);
      expect(turn.calls).toHaveLength(1);
      const call = turn.calls[0]!;
      names.push(call.name);
      if (call.name === 'edit') editCall = call;
      if (call.name === 'read_file') expect(turn.text).toContain('Greeted 0 people');
      respond(history, turn.calls, [output]);
    }
    expect(names).toEqual(['write_file', 'run_shell_command', 'read_file', 'edit', 'run_shell_command']);
    expect(history[3]?.parts.find((part) => part.functionCall)?.functionCall?.args).toEqual({
      command: 'bash greet.sh',
      description: 'Run the greeting script',
    });
    expect(Object.keys(editCall?.args ?? {}).sort()).toEqual(['file_path', 'new_string', 'old_string']);
    const last = await modelTurn(model, history);
    expect(last.calls).toEqual([]);
    expect(last.text).toContain('Greeted 3 people');
    expect(last.text).toContain('**Summary**: the counter was never incremented');
  });

  it('stops instead of guessing when the run prints something unexpected', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const history: Content[] = [{ role: 'user', parts: [{ text: 'there is a bug' }] }];
    const write = await modelTurn(model, history);
    respond(history, write.calls, [{ output: 'Wrote greet.sh' }]);
    const run = await modelTurn(model, history);
    respond(history, run.calls, [{ output: 'bash: command not found' }]);
    const reply = await modelTurn(model, history);
    expect(reply.calls).toEqual([]);
    expect(reply.text).toContain('bash: command not found');
  });

  it('reports a failed edit and stops', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const history: Content[] = [{ role: 'user', parts: [{ text: 'Fix a bug with an edit' }] }];
    const results = [{ output: 'ok' }, { output: wrongOutput }, { output: buggyScript }];
    for (const result of results) {
      const turn = await modelTurn(model, history);
      respond(history, turn.calls, [result]);
    }
    const edit = await modelTurn(model, history);
    respond(history, edit.calls, [{ error: 'Failed to edit, 0 occurrences found for old_string in greet.sh.' }]);
    const reply = await modelTurn(model, history);
    expect(reply.calls).toEqual([]);
    expect(reply.text).toContain('`edit` failed: Failed to edit, 0 occurrences');
  });

  it('starts over when the lesson message is sent again after a denial', async () => {
    const model = createScriptedModel({ delayMs: 0 });
    const history: Content[] = [{ role: 'user', parts: [{ text: 'Fix a bug with an edit' }] }];
    const write = await modelTurn(model, history);
    respond(history, write.calls, [DENIED]);
    await modelTurn(model, history);
    history.push({ role: 'user', parts: [{ text: 'Fix a bug with an edit' }] });
    const again = await modelTurn(model, history);
    expect(again.calls.map((call) => call.name)).toEqual(['write_file']);
  });
});
