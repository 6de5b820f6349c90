import { describe, expect, it } from 'vitest';
import { convertInSlices, htmlToMarkdown, sliceEnd } from './html-to-markdown';

const noPause = () => Promise.resolve();

describe('sliceEnd', () => {
  it('cuts just after the first block end tag past the slice size', () => {
    const html = '<p>aaaa</p><p>bbbb</p><p>cccc</p>';
    expect(html.slice(0, sliceEnd(html, 0, 5))).toBe('<p>aaaa</p>');
    expect(html.slice(11, sliceEnd(html, 11, 5))).toBe('<p>bbbb</p>');
  });

  it('takes the rest when it is shorter than the slice', () => {
    expect(sliceEnd('<p>a</p>', 0, 100)).toBe(8);
  });

  it('cuts before a tag when no block ends nearby', () => {
    const html = `<span>${'a'.repeat(20)}</span><span>b</span>`;
    expect(html.slice(0, sliceEnd(html, 0, 10))).toBe(`<span>${'a'.repeat(20)}`);
  });

  it('never cuts inside a script or a style: the slice goes on to its end tag', () => {
    const script = `<script>var s = "</p>${'x'.repeat(50)}";</script>`;
    const html = `<p>a</p>${script}<p>after</p>`;
    expect(html.slice(0, sliceEnd(html, 0, 12))).toBe(`<p>a</p>${script}`);
    const style = `<STYLE>p { color: red } ${'y'.repeat(40)}</style>`;
    const styled = `<p>b</p>${style}${'<span>z</span>'.repeat(200)}`;
    expect(styled.slice(0, sliceEnd(styled, 0, 12))).toBe(`<p>b</p>${style}`);
  });
});

describe('sliceEnd on awkward pages', () => {
  it('never cuts inside a comment, even at a block end tag in it', () => {
    const comment = `<!-- old: <p>x</p> ${'c'.repeat(40)} -->`;
    const html = `<p>a</p>${comment}<p>after</p>`;
    expect(html.slice(0, sliceEnd(html, 0, 12))).toBe(`<p>a</p>${comment}`);
  });

  it('takes a custom element named like a script for what it is, not a script to skip', () => {
    const html = `<p>a</p><script-loader>${'x'.repeat(30)}</script-loader><p>b</p>${'<span>z</span>'.repeat(50)}</script>`;
    expect(sliceEnd(html, 0, 12)).toBeLessThan(html.length - 9);
  });
});

describe('convertInSlices', () => {
  const upper = (html: string) => html.replace(/<[^>]*>/g, ' ').trim().toUpperCase();

  it('converts every slice and joins them as paragraphs when the text stays short', async () => {
    const html = '<p>one</p><p>two</p><p>three</p>';
    const converted = await convertInSlices(html, upper, { maxChars: 1000, sliceChars: 4, pause: noPause });
    expect(converted).toEqual({ text: 'ONE\n\nTWO\n\nTHREE', complete: true, convertedChars: html.length });
  });

  it('stops once the text is longer than maxChars, saying how much HTML it converted', async () => {
    const html = '<p>one</p><p>two</p><p>three</p><p>four</p>';
    const converted = await convertInSlices(html, upper, { maxChars: 7, sliceChars: 4, pause: noPause });
    expect(converted.text).toBe('ONE\n\nTWO');
    expect(converted.complete).toBe(false);
    expect(converted.convertedChars).toBe('<p>one</p><p>two</p>'.length);
  });

  it('turns the event loop between slices and stops there when the signal aborts', async () => {
    const controller = new AbortController();
    let pauses = 0;
    const pause = async () => {
      pauses += 1;
      if (pauses === 2) controller.abort();
    };
    const html = '<p>a</p>'.repeat(10);
    await expect(convertInSlices(html, upper, { maxChars: 1000, sliceChars: 1, pause, signal: controller.signal })).rejects.toThrow();
    expect(pauses).toBe(2);
  });

  it('gives the same Markdown as one call for a small page (node-html-markdown)', async () => {
    const page = '<h1>Title</h1><p>Hello <a href="https://docs.example/x">the docs</a>.</p><ul><li>one</li><li>two</li></ul>';
    const whole = await htmlToMarkdown(page, { maxChars: 10_000 });
    expect(whole.complete).toBe(true);
    expect(whole.text).toBe('# Title\n\nHello [the docs](https://docs.example/x).\n\n* one\n* two');
  });

  it('keeps a slice boundary as a paragraph break in a long page', async () => {
    const page = '<p>first paragraph</p><p>second paragraph</p>';
    const sliced = await htmlToMarkdown(page, { maxChars: 10_000, sliceChars: 10, pause: noPause });
    expect(sliced.text).toBe('first paragraph\n\nsecond paragraph');
  });
});
