/**
 * Import → From GitHub…: a repository (owner/repo, owner/repo@ref, or a github.com address,
 * one folder's too) read through GitHub's API into the workspace, like any import: all or
 * nothing, with Undo. The dialog stays open while it runs, showing the progress; an error
 * shows here, with what was typed kept.
 */
import { useState } from 'react';
import { ModalDialog } from '../modal-dialog';
import { NameField, useStillOpen } from './github-fields';
import type { FileActions } from './use-file-actions';
import { progressText } from './import-progress';

export function GitHubImportDialog({ actions, onClose }: { actions: FileActions; onClose: () => void }) {
  const [repository, setRepository] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const open = useStillOpen();

  const submit = async () => {
    if (working || !repository.trim()) return;
    setWorking(true);
    setError(null);
    const failed = await actions.importFromGitHub(repository);
    // Closed meanwhile: the Files pane says what went wrong.
    if (!open.current) return failed ? actions.failed(failed) : undefined;
    setWorking(false);
    if (failed) setError(failed);
    else onClose();
  };

  return (
    <ModalDialog title="Import from GitHub" onClose={onClose} initialFocus='input[aria-label="Repository"]'>
      <form
        className="github-dialog"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <NameField label="Repository" value={repository} placeholder="owner/repo, owner/repo@branch, or a github.com address" onChange={setRepository} />
        <p className="field-hint">A folder's address (…/tree/main/docs) imports that folder. Public repositories need no token; a private one uses the GitHub token in Settings.</p>
        {working ? (
          <p role="status">{progressText(actions.busy ?? `Importing ${repository.trim()}`, actions.progress)}</p>
        ) : null}
        {working && actions.progress?.total ? <progress aria-label="Import progress" max={actions.progress.total} value={actions.progress.done} /> : null}
        {error ? (
          <p role="alert" className="field-error">
            {error}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="submit" disabled={working || !repository.trim()} aria-busy={working}>
            Import
          </button>
          <button type="button" onClick={onClose}>
            {working ? 'Close' : 'Cancel'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
