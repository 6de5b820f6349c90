/**
 * Export → Push to GitHub…: the workspace's files as one commit on a branch (the worker's
 * worker/files/push-github.ts). Starts from where the files came from (the session's last
 * GitHub import or push). Three refusals offer the way on: a repository that does not exist
 * (Create it, private), a branch someone else pushed to meanwhile (Push to a new branch), and a
 * push that would delete most of the branch's files (Push anyway).
 */
import { useState } from 'react';
import type { AppError } from '../../shared/errors';
import { sideBranchName } from '../../shared/github-repository';
import type { PushReport } from '../../shared/github-reports';
import { ModalDialog } from '../modal-dialog';
import { NameField, useFieldsFromDefaults } from './github-fields';
import { progressText } from './import-progress';
import type { FileActions } from './use-file-actions';

interface Fields {
  repository: string;
  branch: string;
  message: string;
}

type State = { kind: 'editing'; error?: AppError } | { kind: 'pushing' } | { kind: 'pushed'; report: PushReport };

function pushedText(report: PushReport): string {
  if (report.unchanged) return `Nothing to push: ${report.branch} of ${report.repository} already holds these files.`;
  const counts = [
    report.added ? `${report.added} added` : '',
    report.changed ? `${report.changed} changed` : '',
    report.deleted ? `${report.deleted} deleted` : '',
  ].filter(Boolean);
  const made = [report.createdRepository ? 'a new private repository' : '', report.createdBranch ? 'a new branch' : ''].filter(Boolean);
  return `Pushed to ${report.repository}, branch ${report.branch}${made.length ? ` (${made.join(', ')})` : ''}: ${counts.join(', ') || 'no file changes'}.`;
}

export function GitHubPushDialog({ actions, onClose }: { actions: FileActions; onClose: () => void }) {
  const { fields, update, open } = useFieldsFromDefaults<Fields>(actions, (defaults) => ({
    repository: defaults?.repository ?? '',
    branch: defaults?.branch ?? 'main',
    message: defaults?.message ?? 'Changes made in Loopscope',
  }));
  const [state, setState] = useState<State>({ kind: 'editing' });

  const push = async (options: { create?: boolean; branch?: string; allowDeletes?: boolean } = {}) => {
    if (!fields || state.kind === 'pushing') return;
    const branch = options.branch ?? fields.branch;
    setState({ kind: 'pushing' });
    const answer = await actions.pushToGitHub({ ...fields, branch, ...(options.create ? { create: true } : {}), ...(options.allowDeletes ? { allowDeletes: true } : {}) });
    if (!open.current) return answer.ok ? undefined : actions.failed(answer.error.message);
    setState(answer.ok ? { kind: 'pushed', report: answer.value } : { kind: 'editing', error: answer.error });
  };
  const pushToNewBranch = () => {
    if (!fields) return;
    const branch = sideBranchName(fields.branch);
    update({ branch });
    void push({ branch });
  };

  const pushing = state.kind === 'pushing';
  const error = state.kind === 'editing' ? state.error : undefined;
  return (
    <ModalDialog title="Push to GitHub" onClose={onClose} initialFocus='input[aria-label="Repository"]'>
      {state.kind === 'pushed' ? (
        <div className="github-dialog">
          <p role="status">
            {pushedText(state.report)}{' '}
            <a href={state.report.url} target="_blank" rel="noopener noreferrer">
              Commit {state.report.commit.slice(0, 7)}
            </a>
          </p>
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form
          className="github-dialog"
          onSubmit={(event) => {
            event.preventDefault();
            void push();
          }}
        >
          <NameField label="Repository" value={fields?.repository ?? ''} disabled={!fields} placeholder="owner/repo" onChange={(repository) => update({ repository })} />
          <NameField label="Branch" value={fields?.branch ?? ''} disabled={!fields} onChange={(branch) => update({ branch })} />
          <label>
            Commit message
            <input type="text" aria-label="Commit message" value={fields?.message ?? ''} disabled={!fields} onChange={(event) => update({ message: event.target.value })} />
          </label>
          <p className="field-hint">One commit with the workspace's files as they are (added, changed and deleted files), on top of the branch; it needs a GitHub token in Settings that may write to the repository.</p>
          {pushing ? <p role="status">{progressText(actions.busy ?? 'Pushing', actions.progress)}</p> : null}
          {error ? (
            <div role="alert" className="field-error">
              <p>{error.message}</p>
              {error.kind === 'repository-missing' ? (
                <button type="button" onClick={() => void push({ create: true })}>
                  Create it
                </button>
              ) : null}
              {error.kind === 'deletes-most' ? (
                <button type="button" onClick={() => void push({ allowDeletes: true })}>
                  Push anyway
                </button>
              ) : null}
              {error.kind === 'head-moved' ? (
                <button type="button" onClick={pushToNewBranch}>
                  Push to a new branch
                </button>
              ) : null}
            </div>
          ) : null}
          <div className="dialog-actions">
            <button type="submit" disabled={!fields || pushing || !fields.repository.trim()} aria-busy={pushing}>
              Push
            </button>
            <button type="button" onClick={onClose}>
              {pushing ? 'Close' : 'Cancel'}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
