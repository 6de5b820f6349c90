/**
 * Monaco's colours for the app's two themes: Monaco's own vs-dark and vs, on the app's page
 * background, with every colour that fell short of WCAG AA made to reach it. In Monaco's
 * themes some token colours (comments, HTML delimiters, attribute names in light…), the line
 * numbers, and most of all the dimmed last line number and any text on the diff editor's
 * green and red backgrounds have less than 4.5:1 contrast. Here each listed token colour is
 * Monaco's, moved towards white (dark) or black (light) just far enough to reach 4.5:1 on the
 * editor background, on a changed line, and on changed text within it; the diff backgrounds
 * are lighter tints of the same green and red. monaco-themes.test.ts checks every pair.
 */
import type { editor } from 'monaco-editor';
import type { MonacoThemeName } from '../settings/theme';

/** The backgrounds text is read on: changed lines and changed text are tints over the editor's. */
export interface DiffBackgrounds {
  editor: string;
  insertedLine: string;
  removedLine: string;
  insertedText: string;
  removedText: string;
}

const DARK_BACKGROUNDS: DiffBackgrounds = {
  editor: '#15171c',
  insertedLine: '#2ea04326',
  removedLine: '#f8514926',
  insertedText: '#2ea04326',
  removedText: '#f8514926',
};

const LIGHT_BACKGROUNDS: DiffBackgrounds = {
  editor: '#ffffff',
  insertedLine: '#2ea0431f',
  removedLine: '#f851491f',
  insertedText: '#2ea0431f',
  removedText: '#f851491f',
};

function rules(colours: Record<string, string[]>): editor.ITokenThemeRule[] {
  return Object.entries(colours).flatMap(([foreground, tokens]) => tokens.map((token) => ({ token, foreground })));
}

function colours(backgrounds: DiffBackgrounds, lineNumbers: { normal: string; dimmed: string; active: string }): editor.IColors {
  return {
    'editor.background': backgrounds.editor,
    'editorGutter.background': backgrounds.editor,
    'editorLineNumber.foreground': lineNumbers.normal,
    // The last line number when the file ends with a newline (Monaco dims it on Linux).
    'editorLineNumber.dimmedForeground': lineNumbers.dimmed,
    'editorLineNumber.activeForeground': lineNumbers.active,
    'diffEditor.insertedLineBackground': backgrounds.insertedLine,
    'diffEditor.removedLineBackground': backgrounds.removedLine,
    'diffEditor.insertedTextBackground': backgrounds.insertedText,
    'diffEditor.removedTextBackground': backgrounds.removedText,
    'diffEditorGutter.insertedLineBackground': backgrounds.insertedLine,
    'diffEditorGutter.removedLineBackground': backgrounds.removedLine,
  };
}

export interface MonacoTheme {
  name: MonacoThemeName;
  backgrounds: DiffBackgrounds;
  data: editor.IStandaloneThemeData;
}

export const MONACO_THEMES: readonly MonacoTheme[] = [
  {
    name: 'loopscope-dark',
    backgrounds: DARK_BACKGROUNDS,
    data: {
      base: 'vs-dark',
      inherit: true,
      // Keyed by colour; the tokens are those vs-dark gives the darker colour.
      rules: rules({
        '#67a6da': ['constant', 'tag', 'keyword', 'keyword.flow.scss', 'metatag.html', 'metatag.xml'],
        '#89a97c': ['comment'],
        '#a1a1a1': ['delimiter.html', 'delimiter.xml'],
        '#a0a0a0': ['operator.scss', 'operator.swift'],
        '#95a2af': ['operator.sql'],
        '#f77b7b': ['invalid'],
        '#8e9fca': ['variable.predefined'],
        '#c88eb1': ['regexp'],
        '#d88b8b': ['annotation'],
        '#87a2c7': ['tag.id.pug', 'tag.class.pug'],
        '#aea07e': ['meta.scss'],
        '#e38589': ['metatag'],
        '#ff7575': ['string.sql'],
        '#c88dc4': ['keyword.flow'],
        '#ff57ff': ['predefined.sql'],
      }),
      colors: colours(DARK_BACKGROUNDS, { normal: '#9aa2b1', dimmed: '#8b93a1', active: '#e3e6ec' }),
    },
  },
  {
    name: 'loopscope-light',
    backgrounds: LIGHT_BACKGROUNDS,
    data: {
      base: 'vs',
      inherit: true,
      // Keyed by colour; the tokens are those vs gives the lighter colour.
      rules: rules({
        '#c70000': ['constant', 'attribute.name', 'metatag.content.html', 'string.sql'],
        '#007100': ['comment'],
        '#076e48': ['number', 'attribute.value.number', 'attribute.value.unit'],
        '#616161': ['annotation', 'metatag.html', 'metatag.xml'],
        '#626262': ['operator.scss', 'operator.swift'],
        '#56626e': ['operator.sql'],
        '#b42b2b': ['invalid'],
        '#445ea0': ['variable.predefined'],
        '#006c6c': ['type'],
        '#426390': ['tag.id.pug', 'tag.class.pug'],
        '#c50000': ['metatag'],
        '#a100c9': ['keyword.flow'],
        '#af00af': ['predefined.sql'],
      }),
      colors: colours(LIGHT_BACKGROUNDS, { normal: '#4f5761', dimmed: '#57606a', active: '#1f2328' }),
    },
  },
];
