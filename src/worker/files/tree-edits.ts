/**
 * The Files tree's New file, New folder, Rename and Delete. Names are checked as imported paths
 * are (checkImportedPath): plain, inside the workspace, nameable by the tools. A session keeps
 * files only, so a new folder is kept by an empty `.gitkeep` inside it (as in git). Renaming a
 * folder moves the files the session keeps; skipped folders inside it (node_modules) are not
 * kept, so they are not moved either.
 */
import { err } from '../../shared/errors';
import type { AppError, Result } from '../../shared/errors';
import { checkImportedPath } from '../../shared/imported-paths';
import type { TreeEditReport } from '../protocol';
import type { PersonFileTarget } from './target';
import { shapeOf, whyNotFree } from './workspace-shape';

/** The file that keeps an empty folder. */
export const FOLDER_KEEPER = '.gitkeep';

function refused(message: string): Result<never, AppError> {
  return err({ kind: 'file-tree', message });
}

function checkedName(path: string): Result<string, AppError> {
  const checked = checkImportedPath(path);
  return checked.ok ? { ok: true, value: checked.path } : refused(`That name cannot be used: ${checked.reason}.`);
}

export async function createPath(target: PersonFileTarget, path: string, kind: 'file' | 'folder'): Promise<Result<TreeEditReport, AppError>> {
  const checked = checkedName(path);
  if (!checked.ok) return checked;
  const why = whyNotFree(shapeOf(target.runtime.workspace.snapshot()), checked.value);
  if (why) return refused(why);
  return target.apply(null, [{ path: kind === 'file' ? checked.value : `${checked.value}/${FOLDER_KEEPER}`, content: '' }]);
}

export async function renamePath(target: PersonFileTarget, from: string, to: string): Promise<Result<TreeEditReport, AppError>> {
  const shape = shapeOf(target.runtime.workspace.snapshot());
  if (!shape.isFile(from) && !shape.isFolder(from)) return refused(`${from} no longer exists.`);
  const checked = checkedName(to);
  if (!checked.ok) return checked;
  const destination = checked.value;
  if (destination === from) return { ok: true, value: { paths: [] } };
  if (destination.startsWith(`${from}/`)) return refused(`${from} cannot be moved inside itself.`);
  const why = whyNotFree(shape, destination);
  if (why) return refused(why);
  const files = target.runtime.workspace.snapshot();
  const moved = shape.filesUnder(from).map((path) => ({ path: destination + path.slice(from.length), content: files.get(path)! }));
  return target.apply(`Rename ${from} to ${destination}`, [{ path: from, content: null }, ...moved]);
}

export async function deletePath(target: PersonFileTarget, path: string): Promise<Result<TreeEditReport, AppError>> {
  const shape = shapeOf(target.runtime.workspace.snapshot());
  if (path === '' || (!shape.isFile(path) && !shape.isFolder(path))) return refused(`${path || 'The workspace root'} cannot be deleted: it does not exist.`);
  return target.apply(`Delete ${path}`, [{ path, content: null }]);
}
