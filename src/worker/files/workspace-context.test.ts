import { describe, expect, it } from 'vitest';
import { createWorkspaceContext } from './workspace-context';

function workspace(entries: Record<string, string | Uint8Array>) {
  const files = new Map(Object.entries(entries));
  return { files, context: createWorkspaceContext(() => files) };
}

describe('project instructions from the workspace', () => {
  it('are AGENTS.md at the root, else GEMINI.md, else none', async () => {
    const both = workspace({ 'AGENTS.md': 'agents', 'GEMINI.md': 'gemini' });
    expect(await both.context.projectInstructions()).toEqual({ path: 'AGENTS.md', text: 'agents' });
    both.files.delete('AGENTS.md');
    expect(await both.context.projectInstructions()).toEqual({ path: 'GEMINI.md', text: 'gemini' });
    both.files.delete('GEMINI.md');
    expect(await both.context.projectInstructions()).toBeNull();
  });

  it('are read anew each time (an edit counts) and only at the root', async () => {
    const { files, context } = workspace({ 'docs/AGENTS.md': 'nested' });
    expect(await context.projectInstructions()).toBeNull();
    files.set('AGENTS.md', 'v1');
    expect((await context.projectInstructions())?.text).toBe('v1');
    files.set('AGENTS.md', 'v2');
    expect((await context.projectInstructions())?.text).toBe('v2');
  });
});

describe('mentioned files from the workspace', () => {
  it('go with the message as one part holding each existing file once', async () => {
    const { context } = workspace({ 'a.txt': 'alpha', 'src/b.ts': 'beta' });
    const part = await context.mentionedFiles('compare @a.txt with @src/b.ts. Again @a.txt, not @missing.md');
    expect(part?.text).toBe(
      '--- Content from referenced files ---\nContent from @a.txt:\nalpha\nContent from @src/b.ts:\nbeta\n--- End of content ---',
    );
  });

  it('are nothing when no mention names a file', async () => {
    const { context } = workspace({ 'a.txt': 'alpha' });
    expect(await context.mentionedFiles('mail me@a.txt about @nothing')).toBeNull();
  });
});
