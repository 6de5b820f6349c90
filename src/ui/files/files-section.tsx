/**
 * The Files pane: its title with the Import and Export menus, New file and New folder, the tree
 * (which takes dropped files and folders: onto a folder's row they go into that folder, else into
 * the root), what an import is doing, and a note on the last change with Undo where it can be
 * undone. Names are typed as workspace paths in one prompt above the tree (a new file goes into
 * the folder of the selected row, so the prompt starts with that folder's path).
 */
import { memo, useEffect, useRef, useState } from 'react';
import type { MutableRefObject } from 'react';
import { messageOf } from '../../shared/errors';
import { parentOf } from '../../shared/workspace-path';
import type { WorkerClient } from '../../worker/client';
import { FileTree } from './file-tree';
import { droppedEntries, walkDropped } from './import-sources';
import type { MenuItem } from '../menu';
import { GitHubImportDialog } from './github-import-dialog';
import { GitHubPagesDialog } from './github-pages-dialog';
import { GitHubPushDialog } from './github-push-dialog';
import { progressText } from './import-progress';
import { TransferMenus } from './transfer-menus';
import { useFileActions } from './use-file-actions';
import type { FileActions, FileActionsOptions } from './use-file-actions';
import { PathPrompt } from './path-prompt';
import './files-pane.css';

export interface FilesSectionProps extends Omit<FileActionsOptions, 'flushRef'> {
  flushRef: MutableRefObject<(() => void) | null>;
  client: WorkerClient;
  paths: readonly string[];
  activePath: string | null;
  onOpen: (path: string) => void;
  /** The agent is working: files change only through it meanwhile. */
  running: boolean;
  extraImportItems?: readonly MenuItem[];
  extraExportItems?: readonly MenuItem[];
}

type Prompt = { kind: 'file' | 'folder'; start: string } | { kind: 'rename'; path: string };


function Notice({ actions }: { actions: FileActions }) {
  const { notice } = actions;
  if (!notice) return null;
  return (
    <div role={notice.tone === 'error' ? 'alert' : 'status'} className={`files-notice ${notice.tone}`}>
      <p>{notice.message}</p>
      {notice.undo ? (
        <button type="button" onClick={() => void actions.undo(notice.undo!)}>
          Undo
        </button>
      ) : null}
      <button type="button" className="icon" aria-label="Dismiss" onClick={actions.dismiss}>
        ×
      </button>
    </div>
  );
}

export const FilesSection = memo(function FilesSection(props: FilesSectionProps) {
  const { paths, activePath, onOpen, running, extraImportItems, extraExportItems } = props;
  const actions = useFileActions(props);
  const [selected, setSelected] = useState<{ path: string; kind: 'file' | 'folder' } | null>(null);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [dropFolder, setDropFolder] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [gitHubOpen, setGitHubOpen] = useState<'import' | 'push' | 'pages' | null>(null);
  // Another session starts with nothing selected and no prompt open. The first one to open
  // (from none: '') keeps what the person began meanwhile: the buttons are there before it is.
  const shownSession = useRef(props.sessionId);
  useEffect(() => {
    const left = shownSession.current;
    shownSession.current = props.sessionId;
    if (left === '' || left === props.sessionId) return;
    setSelected(null);
    setPrompt(null);
  }, [props.sessionId]);
  const locked = running || actions.busy !== null;
  const folder = selected ? (selected.kind === 'folder' ? selected.path : parentOf(selected.path)) : '';
  const startNew = (kind: 'file' | 'folder') => setPrompt({ kind, start: folder ? `${folder}/` : '' });

  const drop = async (data: DataTransfer, into: string) => {
    const dropped = droppedEntries(data);
    const label = 'Reading the dropped files';
    actions.finding(label, 0);
    try {
      await actions.importSource(await walkDropped(dropped, (found) => actions.finding(label, found)), into);
    } catch (thrown) {
      actions.failed(`The dropped files could not be read: ${messageOf(thrown)}. Nothing was imported.`);
    }
  };
  const folderUnder = (target: EventTarget) => (target instanceof Element ? (target.closest('[data-folder]')?.getAttribute('data-folder') ?? '') : '');

  return (
    <section className="files" aria-labelledby="files-title">
      <div className="files-header">
        <h2 className="pane-title" id="files-title">
          Files
        </h2>
        <TransferMenus
          actions={actions}
          importDisabled={locked}
          extraImportItems={[{ label: 'From GitHub…', onSelect: () => setGitHubOpen('import') }, ...(extraImportItems ?? [])]}
          extraExportItems={[
            { label: 'Push to GitHub…', onSelect: () => setGitHubOpen('push') },
            { label: 'Publish to GitHub Pages…', onSelect: () => setGitHubOpen('pages') },
            ...(extraExportItems ?? []),
          ]}
        />
        {gitHubOpen === 'import' ? <GitHubImportDialog actions={actions} onClose={() => setGitHubOpen(null)} /> : null}
        {gitHubOpen === 'push' ? <GitHubPushDialog actions={actions} onClose={() => setGitHubOpen(null)} /> : null}
        {gitHubOpen === 'pages' ? <GitHubPagesDialog actions={actions} onClose={() => setGitHubOpen(null)} /> : null}
      </div>
      <div className="files-toolbar">
        <button type="button" disabled={locked} onClick={() => startNew('file')}>
          New file
        </button>
        <button type="button" disabled={locked} onClick={() => startNew('folder')}>
          New folder
        </button>
      </div>
      {prompt ? (
        <PathPrompt
          label={prompt.kind === 'rename' ? `New name for ${prompt.path}` : prompt.kind === 'file' ? 'New file path' : 'New folder path'}
          initial={prompt.kind === 'rename' ? prompt.path : prompt.start}
          onCancel={() => setPrompt(null)}
          onSubmit={async (path) => {
            const done = prompt.kind === 'rename' ? await actions.rename(prompt.path, path) : await actions.create(path, prompt.kind);
            if (!done) return;
            setPrompt(null);
            setMade(path);
          }}
        />
      ) : null}
      {actions.busy ? (
        <div className="files-progress" role="status">
          <p>{progressText(actions.busy, actions.progress)}</p>
          {actions.progress?.total ? <progress aria-label="Import progress" max={actions.progress.total} value={actions.progress.done} /> : null}
        </div>
      ) : null}
      <Notice actions={actions} />
      <div
        className={`tree-drop${dropFolder !== null ? ' dropping' : ''}`}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = locked ? 'none' : 'copy';
          setDropFolder(folderUnder(event.target));
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropFolder(null);
        }}
        onDrop={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          setDropFolder(null);
          if (locked) return actions.failed('Wait until the agent or the last change has finished, then drop the files again.');
          void drop(event.dataTransfer, folderUnder(event.target));
        }}
      >
        <FileTree
          paths={paths}
          activePath={activePath}
          onOpen={onOpen}
          onSelect={setSelected}
          onRename={(path) => setPrompt({ kind: 'rename', path })}
          onDelete={actions.remove}
          disabled={locked}
          reveal={made}
        />
      </div>
    </section>
  );
});
