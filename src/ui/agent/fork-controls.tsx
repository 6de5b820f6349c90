/**
 * Fork from here, on the page's side (issue 26): asks the worker for the fork (which opens it),
 * puts a forked message's text back into the prompt, and when the files of that moment cannot be
 * known (a pruned checkpoint, a step from before the session existed) says why and offers the
 * fork with the current files. A forked session shows where it came from, as a link back.
 */
import { useCallback, useContext, useState } from 'react';
import type { ForkPoint } from '../../shared/fork-point';
import type { ForkOrigin } from '../../shared/fork-point';
import { OpenComparisonContext } from '../compare/compare-context';
import '../compare/compare-shell.css';
import { FILES_UNKNOWN, ForkEditDialog } from '../transcript/fork-edit-dialog';
import type { ForkEditRequest, RequestFork } from '../transcript/fork-edit-dialog';
import type { PromptImage } from '../../shared/prompt-images';

/** A forked message: its text and the images attached to it, back in the fork's prompt. */
interface ForkedMessage {
  text: string;
  images?: readonly PromptImage[] | undefined;
}

/** `requestFork`: the agent panel's actions (use-agent-actions.ts) ask the worker. */
export function useFork(requestFork: RequestFork, onPrompt: (text: string, images?: readonly PromptImage[]) => void, onError: (message: string) => void) {
  const [problem, setProblem] = useState<{ point: ForkPoint; prompt: ForkedMessage | undefined; message: string } | null>(null);
  const [editing, setEditing] = useState<ForkEditRequest | null>(null);
  /** `prompt`: at a person's message, its text, which goes back into the prompt of the fork. */
  const fork = useCallback(
    async (point: ForkPoint, prompt?: ForkedMessage, currentFiles = false) => {
      setProblem(null);
      const answer = await requestFork(point, { currentFiles });
      if (answer.ok) {
        if (prompt !== undefined) onPrompt(prompt.text, prompt.images);
        return;
      }
      if (FILES_UNKNOWN.has(answer.error.kind)) setProblem({ point, prompt, message: answer.error.message });
      else onError(`The fork could not be made: ${answer.error.message}`);
    },
    [requestFork, onPrompt, onError],
  );
  const problemView = problem ? (
    <div role="alert" className="interrupted">
      <p>{problem.message}</p>
      <button type="button" onClick={() => void fork(problem.point, problem.prompt, true)}>
        Fork with current files
      </button>
      <button type="button" onClick={() => setProblem(null)}>
        Cancel
      </button>
    </div>
  ) : null;
  const editView = editing ? <ForkEditDialog onFork={requestFork} request={editing} onClose={() => setEditing(null)} /> : null;
  return {
    fork: useCallback((point: ForkPoint, prompt?: string, images?: readonly PromptImage[]) => void fork(point, prompt === undefined ? undefined : { text: prompt, images }), [fork]),
    edit: useCallback((request: ForkEditRequest) => setEditing(request), []),
    problemView: (
      <>
        {problemView}
        {editView}
      </>
    ),
  };
}

/** "Forked from <title> at round-trip N": the title opens that session; Compare with original shows the two runs side by side (app.tsx provides it). */
export function ForkOriginLine({ origin, onOpen }: { origin: ForkOrigin; onOpen: (sessionId: string) => void }) {
  const compare = useContext(OpenComparisonContext);
  return (
    <p className="fork-origin">
      Forked from{' '}
      <button type="button" className="link-button" title="Open the session this one was forked from" onClick={() => onOpen(origin.sessionId)}>
        {origin.title}
      </button>{' '}
      at round-trip {origin.roundTrip}
      {compare ? (
        <button type="button" className="compare-button" onClick={compare}>
          Compare with original
        </button>
      ) : null}
    </p>
  );
}
