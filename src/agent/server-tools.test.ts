// A tool the provider ran on its own servers (Gemini's URL context): shown, stored, sent back, never run here.
import { describe, expect, it } from 'vitest';
import { createHarness } from './testing/harness';

const toolCall = { id: 'srv-1', toolType: 'URL_CONTEXT', args: { urls: ['https://docs.example/guide'] } };
const toolResponse = { id: 'srv-1', toolType: 'URL_CONTEXT', response: { status: 'URL_RETRIEVAL_STATUS_SUCCESS' } };

describe('a tool the provider ran itself', () => {
  it('is told to the person in one line, kept in the history and sent back with the next request, and runs nothing here', async () => {
    const h = createHarness({
      script: [
        { chunks: [{ parts: [{ toolCall }, { toolResponse }] }, { text: 'The guide says to read a.', calls: [{ name: 'read_file', args: { file_path: 'a' } }], finish: 'STOP' }] },
        { chunks: [{ text: 'Done.', finish: 'STOP' }] },
      ],
    });
    expect(await h.run('Read https://docs.example/guide')).toBe('completed');
    expect(h.ofType('server_tool_call').map((event) => event.value)).toEqual([
      { toolType: 'URL_CONTEXT', summary: 'Gemini read https://docs.example/guide on its own servers (URL context).' },
    ]);
    expect(h.tools.toolLog.map((entry) => entry.name)).toEqual(['read_file']);
    const modelTurn = h.model.requests[1]!.contents[1]!;
    expect(modelTurn.role).toBe('model');
    expect(modelTurn.parts.slice(0, 2)).toEqual([{ toolCall }, { toolResponse }]);
    expect(h.agent.history()[1]!.parts.slice(0, 2)).toEqual([{ toolCall }, { toolResponse }]);
    h.expectHealthy();
  });

  it('a reply of nothing but the tool and text is a valid turn that later requests keep', async () => {
    const h = createHarness({ script: [{ chunks: [{ parts: [{ toolCall }, { toolResponse }], text: 'Read.', finish: 'STOP' }] }, { chunks: [{ text: 'Again.', finish: 'STOP' }] }] });
    await h.run('first');
    await h.run('second');
    expect(h.model.requests[1]!.contents[1]!.parts).toEqual([{ text: 'Read.' }, { toolCall }, { toolResponse }]);
    h.expectHealthy();
  });
});
