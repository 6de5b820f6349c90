// What the workspace adds to requests (AGENTS.md, @ mentions) and the context meter's report.
import { describe, expect, it } from 'vitest';
import type { Part } from '../shared/content';
import { findProjectInstructions } from '../shared/project-instructions';
import type { ProjectInstructions } from '../shared/project-instructions';
import { FC, reply } from './testing/fake-model';
import { createHarness, texts } from './testing/harness';
import type { WorkspaceContext } from './types';

function context(project: () => ProjectInstructions | null, mentioned: (text: string) => Part | null = () => null): WorkspaceContext {
  return { projectInstructions: async () => project(), mentionedFiles: async (text) => mentioned(text) };
}

describe('project instructions (AGENTS.md)', () => {
  it('go into the system instruction of every request, read anew for each, labelled with the file', async () => {
    let text = 'Use tabs.';
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a.txt' }), 'STOP'), reply('done', 'STOP'), reply('again', 'STOP')],
      workspaceContext: context(() => ({ path: 'AGENTS.md', text })),
      tools: {
        read_file: {
          impl: () => {
            text = 'Use spaces.';
            return 'x';
          },
        },
      },
    });
    await h.run('go');
    const [first, second] = h.model.requests;
    expect(findProjectInstructions(first?.systemInstruction)).toMatchObject({ path: 'AGENTS.md', cut: false });
    expect(first?.systemInstruction).toContain('Use tabs.');
    // Edited by the tool call between the two round-trips: the next request has the new text.
    expect(second?.systemInstruction).toContain('Use spaces.');
    expect(second?.systemInstruction).not.toContain('Use tabs.');
    h.expectHealthy();
  });

  it('leave the instruction as it was when there is no file, or reading it fails', async () => {
    const none = createHarness({ script: [reply('ok', 'STOP')], workspaceContext: context(() => null) });
    await none.run('q');
    const failing = createHarness({
      script: [reply('ok', 'STOP')],
      workspaceContext: { projectInstructions: () => Promise.reject(new Error('disk')), mentionedFiles: async () => null },
    });
    await failing.run('q');
    const plain = createHarness({ script: [reply('ok', 'STOP')] });
    await plain.run('q');
    expect(none.model.requests[0]?.systemInstruction).toBe(plain.model.requests[0]?.systemInstruction);
    expect(failing.model.requests[0]?.systemInstruction).toBe(plain.model.requests[0]?.systemInstruction);
    expect(findProjectInstructions(plain.model.requests[0]?.systemInstruction)).toBeNull();
  });
});

describe('@ mentions', () => {
  it('send the mentioned files as a part after the message, stored with it', async () => {
    const seen: string[] = [];
    const h = createHarness({
      script: [reply('ok', 'STOP')],
      workspaceContext: context(
        () => null,
        (text) => {
          seen.push(text);
          return { text: '--- Content from referenced files ---\nContent from @a.txt:\nA\n--- End of content ---' };
        },
      ),
    });
    await h.run('explain @a.txt');
    expect(seen).toEqual(['explain @a.txt']);
    const sent = h.model.requests[0]?.contents.at(-1);
    expect(texts(sent)).toEqual(['explain @a.txt', '--- Content from referenced files ---\nContent from @a.txt:\nA\n--- End of content ---']);
    expect(h.store.history()[0]).toEqual(sent);
    h.expectHealthy();
  });

  it('add nothing when the message mentions no file', async () => {
    const h = createHarness({ script: [reply('ok', 'STOP')], workspaceContext: context(() => null) });
    await h.run('plain');
    expect(texts(h.model.requests[0]?.contents.at(-1))).toEqual(['plain']);
  });
});

describe('context usage', () => {
  it('is reported after each round-trip that gave its usage, against the model window', async () => {
    const h = createHarness({
      script: [reply(FC('read_file', { file_path: 'a.txt' }), 'STOP', { usage: { promptTokenCount: 1200 } }), reply('done', 'STOP', { usage: { promptTokenCount: 1500 } })],
      tokenLimit: 32_768,
    });
    await h.run('go');
    expect(h.ofType('context_usage').map((event) => event.value)).toEqual([
      { promptTokenCount: 1200, tokenLimit: 32_768, model: 'model-a' },
      { promptTokenCount: 1500, tokenLimit: 32_768, model: 'model-a' },
    ]);
  });

  it('waits for the provider to say the window, asked when the interaction starts', async () => {
    const h = createHarness({ script: [reply('ok', 'STOP', { usage: { promptTokenCount: 10 } })], tokenLimit: 131_072 });
    const asked: string[] = [];
    let answer: (limit: number) => void = () => undefined;
    h.model.lookUpTokenLimit = (model) => {
      asked.push(model);
      return new Promise<number | null>((resolve) => {
        answer = (limit) => {
          h.model.setTokenLimit(limit);
          resolve(limit);
        };
      });
    };
    const run = h.run('q');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked[0]).toBe('model-a');
    expect(h.ofType('context_usage')).toEqual([]);
    answer(1_048_576);
    await run;
    expect(h.ofType('context_usage').map((event) => event.value.tokenLimit)).toEqual([1_048_576]);
  });

  it('is not reported for a response without usage', async () => {
    const h = createHarness({ script: [reply('ok', 'STOP')] });
    await h.run('q');
    expect(h.ofType('context_usage')).toEqual([]);
  });
});
