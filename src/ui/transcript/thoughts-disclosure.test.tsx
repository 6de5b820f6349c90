import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Transcript } from './transcript';

describe('thoughts in the transcript', () => {
  it('are folded behind a Thoughts button, collapsed by default', () => {
    const html = renderToStaticMarkup(
      <Transcript
        items={[{ type: 'thought', id: 't1', subject: 'Planning', description: 'read the config first' }]}
        onDisableLoopDetection={null}
        checkpoints={new Map()}
        onRestore={null}
      />,
    );
    expect(html).toMatch(/<button type="button" class="thoughts-toggle" aria-expanded="false"[^>]*><span aria-hidden="true" class="thoughts-marker">▸<\/span> Thoughts<\/button>/);
    expect(html).not.toContain('read the config first');
    expect(html).not.toContain('Thinking:');
  });
});
