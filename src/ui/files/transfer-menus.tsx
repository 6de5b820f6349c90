/**
 * The `Import` and `Export` menus of the Files pane. Import offers Open folder (the File System
 * Access directory picker where the browser has one, else a directory `<input>`) and Open ZIP;
 * Export offers Download ZIP. Further items (a session file, say) are one line each:
 * `extraImportItems={[{ label: 'Open session file', onSelect: openSessionFile }]}`.
 */
import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import { isAbortError, messageOf } from '../../shared/errors';
import { filesOfFolderInput, walkDirectoryHandle } from './import-sources';
import { MenuButton } from '../menu';
import type { MenuItem } from '../menu';
import type { FileActions } from './use-file-actions';

export interface TransferMenusProps {
  actions: FileActions;
  /** Import waits while the agent works or another change is under way. */
  importDisabled: boolean;
  extraImportItems?: readonly MenuItem[];
  extraExportItems?: readonly MenuItem[];
}

type DirectoryPicker = (options?: { mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;

/** React passes unknown lower-case attributes through; TypeScript's input props do not list this one. */
const DIRECTORY_INPUT = { webkitdirectory: '' } as Record<string, string>;

export function TransferMenus({ actions, importDisabled, extraImportItems = [], extraExportItems = [] }: TransferMenusProps) {
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const openFolder = async () => {
    const picker = (window as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
    if (!picker) return folderInput.current?.click();
    let folder: FileSystemDirectoryHandle;
    try {
      folder = await picker({ mode: 'read' });
    } catch (thrown) {
      if (!isAbortError(thrown)) actions.failed(`The folder could not be opened: ${messageOf(thrown)}`);
      return;
    }
    const label = `Reading ${folder.name}`;
    actions.finding(label, 0);
    try {
      await actions.importSource(await walkDirectoryHandle(folder, (found) => actions.finding(label, found)));
    } catch (thrown) {
      actions.failed(`${folder.name} could not be read: ${messageOf(thrown)}. Nothing was imported.`);
    }
  };
  /** The chosen files, and the input emptied so that choosing the same file again is a change too. */
  const chosen = (event: ChangeEvent<HTMLInputElement>): File[] => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    return files;
  };

  return (
    <>
      <MenuButton
        label="Import"
        disabled={importDisabled}
        items={[{ label: 'Open folder', onSelect: () => void openFolder() }, { label: 'Open ZIP', onSelect: () => zipInput.current?.click() }, ...extraImportItems]}
      />
      <MenuButton label="Export" items={[{ label: 'Download ZIP', onSelect: () => void actions.downloadZip() }, ...extraExportItems]} />
      <input
        ref={zipInput}
        type="file"
        accept=".zip,application/zip"
        hidden
        data-import="zip"
        onChange={(event) => {
          const file = chosen(event)[0];
          if (file) void actions.importSource({ kind: 'zip', name: file.name, file });
        }}
      />
      <input ref={folderInput} type="file" multiple hidden data-import="folder" {...DIRECTORY_INPUT} onChange={(event) => void actions.importSource(filesOfFolderInput(chosen(event)))} />
    </>
  );
}
