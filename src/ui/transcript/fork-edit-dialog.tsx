/**
 * Edit result and fork / Edit reply and fork (issue 26): change what the model saw at a step, in
 * a fork of the session. A tool's result is edited as text; a reply as JSON of its text and its
 * calls (`{"text": …, "calls": [{"name", "args"}]}`), checked before anything is sent. The
 * fork opens when made (an edited reply's calls then run, asking as usual); when the files of
 * that moment cannot be known, the dialog says why and offers the fork with the current files.
 */
import { useId, useState } from 'react';
import { parseEditedReply } from '../../shared/fork-point';
import type { AppErrorKind } from '../../shared/error-kinds';
import type { ForkEdit, ForkPoint } from '../../shared/fork-point';
import type { WorkerResponse } from '../../worker/client';
import { ModalDialog } from '../modal-dialog';

export interface ForkEditRequest {
  kind: 'result' | 'reply';
  point: ForkPoint;
  /** The result as the model got it, or the reply as editableReply() writes it. */
  initial: string;
}

/** Asks the worker for a fork from `at` (an area's actions hook: use-agent-actions.ts, use-inspector-actions.ts); the fork opens when made. */
export type RequestFork = (at: ForkPoint, options?: { edit?: ForkEdit; currentFiles?: boolean }) => Promise<WorkerResponse<'fork'>>;

/** Answers the worker gives when the files of the moment are not known; the fork can still be made with the current files. */
export const FILES_UNKNOWN: ReadonlySet<AppErrorKind> = new Set(['pruned', 'files-unknown']);

export function ForkEditDialog({ onFork, request, onClose }: { onFork: RequestFork; request: ForkEditRequest; onClose: () => void }) {
  const [text, setText] = useState(request.initial);
  const [problem, setProblem] = useState<{ message: string; filesUnknown: boolean } | null>(null);
  const [forking, setForking] = useState(false);
  const hintId = useId();
  const reply = request.kind === 'reply';
  const label = reply ? 'Reply' : 'Result';

  const fork = async (currentFiles: boolean) => {
    let edit: ForkEdit;
    if (reply) {
      const parsed = parseEditedReply(text);
      if ('error' in parsed) return setProblem({ message: parsed.error, filesUnknown: false });
      edit = { kind: 'reply', reply: parsed.reply };
    } else edit = { kind: 'result', text };
    setForking(true);
    setProblem(null);
    const answer = await onFork(request.point, { edit, currentFiles });
    setForking(false);
    if (answer.ok) return onClose();
    setProblem({ message: answer.error.message, filesUnknown: FILES_UNKNOWN.has(answer.error.kind) });
  };

  return (
    <ModalDialog title={reply ? 'Edit reply' : 'Edit tool result'} onClose={onClose} initialFocus="textarea">
      <form
        className="fork-edit"
        onSubmit={(event) => {
          event.preventDefault();
          void fork(false);
        }}
      >
        <label>
          {label}
          <textarea aria-label={label} aria-describedby={hintId} value={text} rows={reply ? 14 : 10} spellCheck={false} onChange={(event) => setText(event.target.value)} />
        </label>
        <p className="field-hint" id={hintId}>
          {reply
            ? 'The model’s reply as JSON: its text, and each call’s name and arguments. Fork makes a new session with this reply instead; its calls then run, asking as usual.'
            : 'The result exactly as the model got it. Fork makes a new session with this result instead; Continue there lets the model answer it.'}
        </p>
        {problem ? (
          <div role="alert" className="field-error">
            <p>{problem.message}</p>
            {problem.filesUnknown ? (
              <button type="button" onClick={() => void fork(true)}>
                Fork with current files
              </button>
            ) : null}
          </div>
        ) : null}
        <div className="dialog-actions">
          <button type="submit" disabled={forking} aria-busy={forking}>
            Fork
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
