import { describe, expect, it } from 'vitest';
import { fromGeminiChunk } from './from-gemini-chunk';
import { parseStreamChunk } from './stream-events';

describe('a Gemini chunk as the agent sees it', () => {
  it('passes on copies, so the chunk recorded for the inspector stays as sent', () => {
    const response = parseStreamChunk(
      JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ functionCall: { name: 'write_file', args: { file_path: 'a.txt', options: { mode: 'w' } } } }] } }] }),
    );
    const chunk = fromGeminiChunk(response);
    const args = chunk.parts[0]!.functionCall!.args as { file_path: string; options: { mode: string } };
    args.file_path = 'changed.txt';
    args.options.mode = 'changed';
    expect(JSON.stringify(chunk.rawChunks)).toContain('"file_path":"a.txt"');
    expect(JSON.stringify(chunk.rawChunks)).toContain('"mode":"w"');
  });

  it('reads cited sources under the wire name and the SDK name, skipping sources without a uri', () => {
    const response = parseStreamChunk(
      JSON.stringify({
        candidates: [
          {
            content: { role: 'model', parts: [{ text: 'q' }] },
            citationMetadata: { citationSources: [{ uri: 'https://a.example/' }, { startIndex: 1 }], citations: [{ uri: 'https://b.example/', title: 'B' }] },
          },
        ],
      }),
    );
    expect(fromGeminiChunk(response).citations).toEqual([{ uri: 'https://a.example/' }, { uri: 'https://b.example/', title: 'B' }]);
  });
});
