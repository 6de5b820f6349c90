/**
 * Export → Publish to GitHub Pages…: a folder of the workspace (dist by default, when there is
 * one) becomes branch gh-pages, and Pages serves it (worker/files/publish-pages.ts). The site's
 * address shows as a link; where the token may not switch Pages on, the clicks to make on
 * GitHub show instead.
 */
import { useState } from 'react';
import type { PublishReport } from '../../shared/github-reports';
import { ModalDialog } from '../modal-dialog';
import { NameField, useFieldsFromDefaults } from './github-fields';
import { progressText } from './import-progress';
import type { FileActions } from './use-file-actions';

type State = { kind: 'editing'; error?: string } | { kind: 'publishing' } | { kind: 'published'; report: PublishReport };

export function GitHubPagesDialog({ actions, onClose }: { actions: FileActions; onClose: () => void }) {
  const { fields, update, open } = useFieldsFromDefaults(actions, (defaults) => ({ repository: defaults?.repository ?? '', folder: defaults?.pagesFolder ?? '' }));
  const [state, setState] = useState<State>({ kind: 'editing' });

  const publish = async () => {
    if (!fields || state.kind === 'publishing') return;
    setState({ kind: 'publishing' });
    const answer = await actions.publishPages(fields);
    if (!open.current) return answer.ok ? undefined : actions.failed(answer.error.message);
    setState(answer.ok ? { kind: 'published', report: answer.value } : { kind: 'editing', error: answer.error.message });
  };

  const publishing = state.kind === 'publishing';
  if (state.kind === 'published') {
    const { report } = state;
    return (
      <ModalDialog title="Publish to GitHub Pages" onClose={onClose}>
        <div className="github-dialog">
          <p role="status">
            Published {report.files.toLocaleString('en')} file{report.files === 1 ? '' : 's'} to branch gh-pages of {report.repository} (
            <a href={report.commitUrl} target="_blank" rel="noopener noreferrer">
              commit {report.commit.slice(0, 7)}
            </a>
            ).{report.switchedOn ? ' GitHub Pages now serves that branch.' : ''}
          </p>
          {report.url ? (
            <p>
              The site (GitHub takes a minute or two to build it):{' '}
              <a href={report.url} target="_blank" rel="noopener noreferrer">
                {report.url}
              </a>
            </p>
          ) : null}
          {report.hasIndex ? null : <p className="field-hint">The folder has no index.html, so the site's address shows GitHub's “not found” page; link to the files by name.</p>}
          {report.pagesProblem ? (
            <p role="alert" className="field-error">
              {report.pagesProblem}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
          </div>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog title="Publish to GitHub Pages" onClose={onClose} initialFocus='input[aria-label="Repository"]'>
      <form
        className="github-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void publish();
        }}
      >
        <NameField label="Repository" value={fields?.repository ?? ''} disabled={!fields} placeholder="owner/repo" onChange={(repository) => update({ repository })} />
        <NameField label="Folder to publish" value={fields?.folder ?? ''} disabled={!fields} placeholder="empty: the whole workspace" onChange={(folder) => update({ folder })} />
        <p className="field-hint">The folder's files become branch gh-pages (one commit), and GitHub Pages serves it. It needs a GitHub token with Contents and Pages: Read and write.</p>
        {publishing ? <p role="status">{progressText(actions.busy ?? 'Publishing', actions.progress)}</p> : null}
        {state.kind === 'editing' && state.error ? (
          <p role="alert" className="field-error">
            {state.error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="submit" disabled={!fields || publishing || !fields.repository.trim()} aria-busy={publishing}>
            Publish
          </button>
          <button type="button" onClick={onClose}>
            {publishing ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
