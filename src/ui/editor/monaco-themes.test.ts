import { describe, expect, it } from 'vitest';
import type { DiffBackgrounds } from './monaco-themes';
import { MONACO_THEMES } from './monaco-themes';
import type { Rgb } from '../testing/contrast';
import { AA, contrast, paint } from '../testing/contrast';

/** Everything text is read on: the editor, a changed line, changed text on a changed line. */
function textBackgrounds(backgrounds: DiffBackgrounds): Record<string, Rgb> {
  const editor = paint(backgrounds.editor);
  const insertedLine = paint(backgrounds.insertedLine, editor);
  const removedLine = paint(backgrounds.removedLine, editor);
  return {
    editor,
    insertedLine,
    removedLine,
    insertedText: paint(backgrounds.insertedText, insertedLine),
    removedText: paint(backgrounds.removedText, removedLine),
  };
}

describe.each(MONACO_THEMES)('the Monaco theme $name', ({ backgrounds, data }) => {
  const under = textBackgrounds(backgrounds);

  it('gives every token colour it sets at least 4.5:1 on the editor and on changed lines and text', () => {
    const short = data.rules.flatMap((rule) =>
      Object.entries(under)
        .filter(([, background]) => contrast(rule.foreground!, background) < AA)
        .map(([where, background]) => `${rule.token} ${rule.foreground} on ${where}: ${contrast(rule.foreground!, background).toFixed(2)}`),
    );
    expect(short).toEqual([]);
  });

  it('gives line numbers, the dimmed last one and the active one at least 4.5:1 on the gutter of any line', () => {
    const keys = ['editorLineNumber.foreground', 'editorLineNumber.dimmedForeground', 'editorLineNumber.activeForeground'];
    const gutters = { editor: under.editor!, insertedLine: under.insertedLine!, removedLine: under.removedLine! };
    const short = keys.flatMap((key) =>
      Object.entries(gutters)
        .filter(([, background]) => contrast(data.colors[key]!, background) < AA)
        .map(([where, background]) => `${key} on ${where}: ${contrast(data.colors[key]!, background).toFixed(2)}`),
    );
    expect(short).toEqual([]);
  });

  it('draws changed lines on the backgrounds it checks', () => {
    expect(data.colors['editor.background']).toBe(backgrounds.editor);
    expect(data.colors['diffEditor.insertedLineBackground']).toBe(backgrounds.insertedLine);
    expect(data.colors['diffEditor.removedLineBackground']).toBe(backgrounds.removedLine);
    expect(data.colors['diffEditor.insertedTextBackground']).toBe(backgrounds.insertedText);
    expect(data.colors['diffEditor.removedTextBackground']).toBe(backgrounds.removedText);
  });
});
