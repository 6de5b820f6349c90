/**
 * One open file in Monaco (lazy chunk). The editor owns the text while the person types:
 * stored content is pushed in only when the person has no unsaved edits, so fast typing is
 * never overwritten. Edits save after a short pause, on Ctrl/Cmd+S, on `flush` (before a
 * message goes to the agent) and when the file is closed. When the stored file changes under
 * unsaved edits (the agent wrote it), a conflict is shown and the person chooses.
 */
import { Editor } from '@monaco-editor/react';
import type { MutableRefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { monaco } from './monaco-setup';
import { languageOf } from './monaco-setup';
import { onStoredText } from './stored-text';


/** One object for every render: a new one would make the wrapper call updateOptions (a relayout) each time. */
const EDITOR_OPTIONS = { minimap: { enabled: false }, fontSize: 13, automaticLayout: true, scrollBeyondLastLine: false, tabSize: 2 } as const;

export interface MonacoEditorViewProps {
  path: string;
  /** The file as stored. */
  stored: string;
  onSave: (text: string) => void;
  onDirtyChange: (dirty: boolean) => void;
  flushRef: MutableRefObject<(() => void) | null>;
  /** Pause after the last keystroke before edits save by themselves. */
  autosaveMs: number;
}

function replaceText(editor: monaco.editor.IStandaloneCodeEditor, text: string): void {
  const model = editor.getModel();
  if (!model || model.getValue() === text) return;
  // An edit operation (not setValue) keeps undo history: Ctrl+Z brings the person's text back.
  model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
}

export default function MonacoEditorView({ path, stored, onSave, onDirtyChange, flushRef, autosaveMs }: MonacoEditorViewProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  /** The stored text the editor was last in step with. */
  const base = useRef(stored);
  /** Texts saved from here whose echo from the store has not come back yet. */
  const ownSaves = useRef<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [conflict, setConflict] = useState(false);
  const conflictRef = useRef(false);
  conflictRef.current = conflict;

  /** Saves unsaved edits; while a conflict shows, only the person's choice (`keepMine`) saves. */
  const save = (keepMine = false) => {
    clearTimeout(timer.current);
    const editor = editorRef.current;
    if (!editor || (conflictRef.current && !keepMine)) return;
    const text = editor.getValue();
    if (text === base.current) return;
    base.current = text;
    ownSaves.current = [...ownSaves.current, text];
    onSave(text);
    onDirtyChange(false);
    conflictRef.current = false;
    setConflict(false);
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    flushRef.current = () => saveRef.current();
    return () => {
      // Closing or switching away keeps the person's text.
      saveRef.current();
      flushRef.current = null;
    };
  }, [flushRef]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const next = onStoredText({ stored, base: base.current, text: editor.getValue(), ownSaves: ownSaves.current });
    ownSaves.current = next.ownSaves;
    switch (next.action.type) {
      case 'none':
        return;
      case 'replace':
        replaceText(editor, stored);
        base.current = stored;
        return;
      case 'in-step':
        base.current = stored;
        onDirtyChange(false);
        return;
      case 'conflict':
        clearTimeout(timer.current);
        conflictRef.current = true;
        setConflict(true);
        return;
    }
  }, [stored, onDirtyChange]);

  return (
    <div className="monaco-file">
      {conflict ? (
        <div role="alert" className="conflict">
          <p>{path} changed while you had unsaved edits.</p>
          <button type="button" onClick={() => saveRef.current(true)}>
            Keep my version
          </button>
          <button
            type="button"
            onClick={() => {
              if (editorRef.current) replaceText(editorRef.current, stored);
              base.current = stored;
              onDirtyChange(false);
              conflictRef.current = false;
              setConflict(false);
            }}
          >
            Use the new version
          </button>
        </div>
      ) : null}
      <Editor
        path={path}
        defaultValue={stored}
        language={languageOf(path)}
        theme="vs-dark"
        onChange={(text) => {
          const dirty = (text ?? '') !== base.current;
          onDirtyChange(dirty);
          clearTimeout(timer.current);
          if (dirty && !conflictRef.current) timer.current = setTimeout(() => saveRef.current(), autosaveMs);
        }}
        onMount={(editor, api) => {
          editorRef.current = editor;
          // The file may have changed while Monaco was loading.
          if (editor.getValue() !== base.current) replaceText(editor, base.current);
          editor.addCommand(api.KeyMod.CtrlCmd | api.KeyCode.KeyS, () => saveRef.current());
          document.body.dataset.monacoReady = 'true';
        }}
        options={EDITOR_OPTIONS}
      />
    </div>
  );
}
