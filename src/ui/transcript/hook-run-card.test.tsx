import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '../../agent/types';
import { ToolCallCard } from './tool-call-card';

const edit = (patch: Partial<ToolCallView>): ToolCallView => ({
  callId: 'c1',
  name: 'write_file',
  args: { file_path: 'a.txt', content: 'x' },
  summary: 'a.txt',
  status: 'success',
  index: 0,
  display: { type: 'diff', path: 'a.txt', before: null, after: 'x' },
  ...patch,
});

describe('an edit card with the person’s After each edit run', () => {
  it('shows how the command ended and how long it took, its output folded beneath, as text', () => {
    const html = renderToStaticMarkup(<ToolCallCard call={edit({ hookRun: { hook: 'after_edit', callId: 'c1', exitCode: 1, durationMs: 42, output: 'a.txt:1 <b>bad</b>' } })} />);
    expect(html).toContain('<details class="tool-hook"><summary>Hook &quot;After each edit run&quot;: exit code 1, 42 ms</summary>');
    expect(html).toContain('aria-label="Hook output">a.txt:1 &lt;b&gt;bad&lt;/b&gt;</pre>');
    expect(html).not.toContain('<details class="tool-hook" open');
  });

  it('says so when the command timed out or could not start', () => {
    const late = renderToStaticMarkup(<ToolCallCard call={edit({ hookRun: { hook: 'after_edit', exitCode: null, timedOut: true, durationMs: 120_000, output: '' } })} />);
    expect(late).toContain('Hook &quot;After each edit run&quot;: timed out, 120 s');
    expect(late).toContain('aria-label="Hook output">(no output)</pre>');
    const failed = renderToStaticMarkup(<ToolCallCard call={edit({ hookRun: { hook: 'after_edit', exitCode: null, durationMs: 3, failure: 'no shell', output: '' } })} />);
    expect(failed).toContain('Hook &quot;After each edit run&quot;: could not start, 3 ms');
    expect(failed).toContain('aria-label="Hook output">no shell</pre>');
  });

  it('shows no hook line on a card without a run', () => {
    expect(renderToStaticMarkup(<ToolCallCard call={edit({})} />)).not.toContain('tool-hook');
  });
});
