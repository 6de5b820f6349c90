/**
 * One open file in Monaco (lazy chunk). The editor owns the text while the person types:
 * stored content is pushed in only when the person has no unsaved edits, so fast typing is
 * never overwritten. Edits save after a short pause, on Ctrl/Cmd+S, on `flush` (before a
 * message goes to the agent) and when the file is closed. A save counts only once the worker
 * answers that it is stored: until then the tab keeps its unsaved mark, and when the store
 * refuses it (storage full, database closed) the text stays as typed, still unsaved, and an
 * alert says why and what to do. A save that fails after the view closed goes to the pane
 * (`onUnsavedAfterClose`), which keeps the text and shows it again. When the stored file changes
 * under unsaved edits (the agent wrote it), a conflict is shown and the person chooses.
 */
import { Editor } from '@monaco-editor/react';
import type { MutableRefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { monaco } from './monaco-setup';
import { languageOf } from './monaco-setup';
import type { AppError } from '../../shared/errors';
import type { WorkerResponse } from '../../worker/client';
import { monacoThemeOf, useThemeName } from '../settings/theme';
import { initialSaveState, onSaveAnswer, onStoredText, startSave } from '../transcript/stored-text';
import type { SaveState, UnsavedDraft } from '../transcript/stored-text';

/** One object for every render: a new one would make the wrapper call updateOptions (a relayout) each time. */
const EDITOR_OPTIONS = { minimap: { enabled: false }, fontSize: 13, automaticLayout: true, scrollBeyondLastLine: false, tabSize: 2 } as const;

export interface MonacoEditorViewProps {
  path: string;
  /** The file as stored. */
  stored: string;
  /** Text of this file kept from an earlier view whose save failed: shown unsaved, with the failure. */
  draft: UnsavedDraft | undefined;
  /** Sends a save; resolves with the worker's answer. */
  onSave: (text: string) => Promise<WorkerResponse>;
  onDirtyChange: (dirty: boolean) => void;
  /** A save answered with a failure after this view closed. */
  onUnsavedAfterClose: (text: string, error: AppError) => void;
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

/** What the person is told to do after a failed save. */
function remedy(error: AppError): string {
  if (error.kind === 'closed') return 'Your edit is only in this editor: copy it somewhere before you reload.';
  if (error.kind === 'storage-full') return 'Your edit is kept here, unsaved. Once there is room (delete old sessions to free space), save again with Ctrl+S.';
  return 'Your edit is kept here, unsaved; save again with Ctrl+S.';
}

export default function MonacoEditorView({ path, stored, draft, onSave, onDirtyChange, onUnsavedAfterClose, flushRef, autosaveMs }: MonacoEditorViewProps) {
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const themeName = useThemeName();
  /** The stored text the editor is in step with, and the saves on their way (stored-text.ts). */
  const saves = useRef<SaveState>(initialSaveState(stored));
  /** What the editor shows when it opens: the kept draft, else the stored text. */
  const initialText = useRef(draft?.text ?? stored);
  const open = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [conflict, setConflict] = useState(false);
  const conflictRef = useRef(false);
  conflictRef.current = conflict;
  const [failure, setFailure] = useState<AppError | null>(draft?.error ?? null);
  /** The latest callbacks, for answers that arrive after a re-render or after the view closed. */
  const callbacks = useRef({ onDirtyChange, onUnsavedAfterClose });
  callbacks.current = { onDirtyChange, onUnsavedAfterClose };

  const settle = (seq: number, text: string, answer: WorkerResponse) => {
    const { state, outcome } = onSaveAnswer(saves.current, { seq, text, ok: answer.ok });
    saves.current = state;
    if (outcome === 'superseded') return;
    if (!open.current) {
      if (answer.ok) callbacks.current.onDirtyChange(false);
      else callbacks.current.onUnsavedAfterClose(text, answer.error);
      return;
    }
    setFailure(answer.ok ? null : answer.error);
    callbacks.current.onDirtyChange(editorRef.current?.getValue() !== state.base);
  };

  /** Saves unsaved edits; while a conflict shows, only the person's choice (`keepMine`) saves. */
  const save = (keepMine = false) => {
    clearTimeout(timer.current);
    const editor = editorRef.current;
    if (!editor || (conflictRef.current && !keepMine)) return;
    const text = editor.getValue();
    const started = startSave(saves.current, text, keepMine);
    if (!started) return;
    saves.current = started;
    conflictRef.current = false;
    setConflict(false);
    void onSave(text).then((answer) => settle(started.seq, text, answer));
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    open.current = true;
    flushRef.current = () => saveRef.current();
    return () => {
      // Closing or switching away saves the person's text; if that fails, the pane keeps it.
      saveRef.current();
      open.current = false;
      flushRef.current = null;
    };
  }, [flushRef]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) {
      // Monaco is still loading, so nothing was typed yet: it opens on the latest stored text (a kept draft still shows as unsaved against it).
      saves.current = { ...saves.current, base: stored };
      if (draft === undefined) initialText.current = stored;
      return;
    }
    const next = onStoredText({ stored, base: saves.current.base, text: editor.getValue(), ownSaves: saves.current.ownSaves });
    saves.current = { ...saves.current, ownSaves: next.ownSaves };
    switch (next.action.type) {
      case 'none':
        return;
      case 'replace':
        // In step first: the change event of the replacement then finds nothing unsaved.
        saves.current = { ...saves.current, base: stored };
        replaceText(editor, stored);
        return;
      case 'in-step':
        saves.current = { ...saves.current, base: stored };
        onDirtyChange(false);
        setFailure(null);
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
              saves.current = { ...saves.current, base: stored };
              if (editorRef.current) replaceText(editorRef.current, stored);
              onDirtyChange(false);
              setFailure(null);
              conflictRef.current = false;
              setConflict(false);
            }}
          >
            Use the new version
          </button>
        </div>
      ) : null}
      {failure ? (
        <div role="alert" className="conflict save-failed">
          <p>
            {path} could not be saved: {failure.message} {remedy(failure)}
          </p>
        </div>
      ) : null}
      <Editor
        path={path}
        defaultValue={initialText.current}
        language={languageOf(path)}
        theme={monacoThemeOf(themeName)}
        onChange={(text) => {
          const dirty = (text ?? '') !== saves.current.base;
          onDirtyChange(dirty);
          if (!dirty) setFailure(null);
          clearTimeout(timer.current);
          if (dirty && !conflictRef.current) timer.current = setTimeout(() => saveRef.current(), autosaveMs);
        }}
        onMount={(editor, api) => {
          editorRef.current = editor;
          // The file may have changed while Monaco was loading; a kept draft shows unsaved.
          if (editor.getValue() !== initialText.current) replaceText(editor, initialText.current);
          if (initialText.current !== saves.current.base) onDirtyChange(true);
          editor.addCommand(api.KeyMod.CtrlCmd | api.KeyCode.KeyS, () => saveRef.current());
          document.body.dataset.monacoReady = 'true';
        }}
        options={EDITOR_OPTIONS}
      />
    </div>
  );
}
