import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { adoptEarlyPrompt, EARLY_PROMPT_ID, earlyPromptBox, readEarlyBox } from './early-prompt';

function page(value = '', options: { send?: boolean; caret?: number } = {}) {
  const box = { value, selectionEnd: options.caret ?? value.length, dataset: options.send ? { send: 'pending' } : {} };
  const lookups: string[] = [];
  return {
    box,
    lookups,
    doc: {
      getElementById(id: string) {
        lookups.push(id);
        return id === EARLY_PROMPT_ID ? box : null;
      },
    },
  };
}

describe('the prompt of index.html, taken over by the app', () => {
  it('reads what was typed, where the caret is, and whether Enter asked to send it', () => {
    const { box } = page('hello', { caret: 2 });
    expect(readEarlyBox(box)).toEqual({ text: 'hello', caret: 2, send: false });
    expect(readEarlyBox({ ...box, dataset: { send: 'pending' } })).toEqual({ text: 'hello', caret: 2, send: true });
  });

  it('never sends blank text, even if Enter was pressed', () => {
    expect(readEarlyBox(page('  \n', { send: true }).box).send).toBe(false);
  });

  it("keeps the caret within the text when the browser's selection is past it", () => {
    expect(readEarlyBox(page('ab', { caret: 9 }).box).caret).toBe(2);
  });

  it('finds the box once per document, so a second render still has it after the first commit removed it', () => {
    const first = page('typed');
    expect(earlyPromptBox(first.doc)).toBe(first.box);
    expect(earlyPromptBox(first.doc)).toBe(first.box);
    expect(first.lookups).toHaveLength(1);
  });

  it('is adopted once: the last state the first time, nothing after (a prompt mounted again starts empty)', () => {
    const { doc, box } = page('first');
    expect(earlyPromptBox(doc)).toBe(box);
    box.value = 'first and more'; // typed while the app rendered
    box.dataset = { send: 'pending' };
    expect(adoptEarlyPrompt(doc)).toEqual({ text: 'first and more', caret: 5, send: true });
    expect(adoptEarlyPrompt(doc)).toBeNull();
    expect(earlyPromptBox(doc)).toBeNull();
  });

  it('is nothing on a page without it (a test page, or after isolation replaced the shell)', () => {
    const empty = { getElementById: () => null };
    expect(earlyPromptBox(empty)).toBeNull();
    expect(adoptEarlyPrompt(empty)).toBeNull();
    expect(earlyPromptBox(undefined)).toBeNull();
  });
});

describe('index.html and its early prompt script agree with the app', () => {
  const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
  it("the static box has the id, name and placeholder of the app's prompt", () => {
    const html = read('index.html');
    const box = /<textarea id="([^"]+)" aria-label="([^"]+)"[^>]* placeholder="([^"]+)"/.exec(html);
    expect(box?.slice(1)).toEqual([EARLY_PROMPT_ID, 'Message the agent', expect.stringContaining('Enter sends') as unknown as string]);
    expect(read('src/ui/agent/prompt-box.tsx')).toContain(`'${box?.[3]}'`);
    // In the head (put inline by the build): its listeners are there before the box can take a key (an Enter is never a new line instead of a send).
    expect(html.slice(0, html.indexOf('</head>'))).toContain('<script data-inline src="/src/ui/agent/early-prompt.inline.js"></script>');
  });

  it('the script marks a send as the app reads it', () => {
    const script = read('src/ui/agent/early-prompt.inline.js');
    expect(script).toContain(`getElementById('${EARLY_PROMPT_ID}')`);
    expect(script).toContain("box.dataset.send = 'pending'");
  });
});
