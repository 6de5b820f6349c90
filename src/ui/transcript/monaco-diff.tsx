/**
 * Monaco's diff editor for approval cards and Compare with original (lazy chunk). Driven through Monaco's API so the
 * teardown order is ours: the widget lets go of its models before they are disposed.
 */
import { useEffect, useRef } from 'react';
import { languageOf, monaco } from '../editor/monaco-setup';
import { monacoThemeOf, useThemeName } from '../settings/theme';

export interface MonacoDiffProps {
  path: string;
  before: string;
  after: string;
  /** What each side is called (a screen reader names each edit area by it): `Before` and `After` unless given. */
  sides?: { before: string; after: string };
  /** Side by side rather than inline (inline unless asked). */
  sideBySide?: boolean;
  height?: number;
}

export default function MonacoDiff({ path, before, after, sides, sideBySide = false, height = 240 }: MonacoDiffProps) {
  const beforeName = sides?.before ?? 'Before';
  const afterName = sides?.after ?? 'After';
  const host = useRef<HTMLDivElement>(null);
  const theme = monacoThemeOf(useThemeName());
  const themeRef = useRef(theme);
  themeRef.current = theme;
  // Monaco has one theme for every editor on the page.
  useEffect(() => monaco.editor.setTheme(theme), [theme]);
  useEffect(() => {
    if (!host.current) return;
    const language = languageOf(path);
    const original = monaco.editor.createModel(before, language);
    const modified = monaco.editor.createModel(after, language);
    const editor = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      // Each side is an edit area of its own: a screen reader names it by which side and which file.
      originalAriaLabel: `${beforeName}: ${path}`,
      modifiedAriaLabel: `${afterName}: ${path}`,
      renderSideBySide: sideBySide,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      automaticLayout: true,
      theme: themeRef.current,
    });
    // Monaco (0.57) drops the two labels above when it first applies its options; set them on each side as well.
    editor.getOriginalEditor().updateOptions({ ariaLabel: `${beforeName}: ${path}` });
    editor.getModifiedEditor().updateOptions({ ariaLabel: `${afterName}: ${path}` });
    editor.setModel({ original, modified });
    return () => {
      editor.setModel(null);
      editor.dispose();
      original.dispose();
      modified.dispose();
    };
  }, [path, before, after, beforeName, afterName, sideBySide]);
  return <div className="monaco-diff" data-testid="monaco-diff" ref={host} style={{ height }} />;
}
