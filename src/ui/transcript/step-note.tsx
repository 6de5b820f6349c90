/**
 * A note beside a step (issue 26): shown as text with role `note` (never markup), and written
 * in a small editor (textbox Note, Save note, Delete note) that the step's Add note opens. A
 * refused note (too long, control characters) keeps the text and says why.
 */
import { useState } from 'react';
import type { WorkerResponse } from '../../worker/client';

/** Saves (text) or deletes (null) the note at `anchor`; answers the worker's answer. */
export type SaveNote = (anchor: string, text: string | null) => Promise<WorkerResponse<'set-note'>>;

export function NoteText({ text }: { text: string }) {
  return (
    <aside className="step-note" role="note" aria-label="Note">
      {text}
    </aside>
  );
}

export function NoteEditor({ anchor, text, onSave, onDone }: { anchor: string; text: string | undefined; onSave: SaveNote; onDone: () => void }) {
  const [draft, setDraft] = useState(text ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (value: string | null) => {
    setSaving(true);
    const answer = await onSave(anchor, value);
    setSaving(false);
    if (answer.ok) onDone();
    else setProblem(answer.error.message);
  };
  return (
    <form
      className="note-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save(draft);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onDone();
      }}
    >
      <textarea aria-label="Note" value={draft} rows={3} autoFocus onChange={(event) => setDraft(event.target.value)} placeholder="What should the class notice here?" />
      {problem ? (
        <p role="alert" className="field-error">
          {problem}
        </p>
      ) : null}
      <div className="note-actions">
        <button type="submit" disabled={saving || draft.trim() === ''}>
          Save note
        </button>
        <button type="button" disabled={saving || text === undefined} onClick={() => void save(null)}>
          Delete note
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A step's note and its editor, under the step; `editing` is whether Add note was pressed. */
export function StepNote({ anchor, text, editing, onSave, onDone }: { anchor: string | null; text: string | undefined; editing: boolean; onSave: SaveNote | null; onDone: () => void }) {
  if (anchor === null) return null;
  if (editing && onSave) return <NoteEditor anchor={anchor} text={text} onSave={onSave} onDone={onDone} />;
  return text ? <NoteText text={text} /> : null;
}
