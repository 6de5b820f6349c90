/**
 * The editor (lazy chunk). Controlled by the file's stored content: when the agent writes a
 * file the person has not edited, the new content shows at once; when the person has unsaved
 * text, the editor keeps it and the parent shows a conflict instead of overwriting it.
 */
import { Editor } from '@monaco-editor/react';
import { languageOf } from './monaco-setup';

export interface MonacoEditorViewProps {
  path: string;
  value: string;
  onChange: (value: string) => void;
  onSave: () => void;
}

export default function MonacoEditorView({ path, value, onChange, onSave }: MonacoEditorViewProps) {
  return (
    <Editor
      path={path}
      value={value}
      language={languageOf(path)}
      theme="vs-dark"
      onChange={(next) => onChange(next ?? '')}
      onMount={(editor, monaco) => {
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS, onSave);
        document.body.dataset.monacoReady = 'true';
      }}
      options={{ minimap: { enabled: false }, fontSize: 13, automaticLayout: true, scrollBeyondLastLine: false, tabSize: 2 }}
    />
  );
}
