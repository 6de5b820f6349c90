/**
 * The `Files` tree: folders open and close, arrow keys move, Enter opens a file. Each item offers
 * Rename and Delete: F2 and Delete, or its context menu (right click, Shift+F10 or the context-menu
 * key). Rows name the folder a drop onto them goes into (`data-folder`). After a delete the focus
 * moves to the next row, so the keyboard never loses its place; a path just made is revealed.
 *
 * A big workspace stays cheap: folders that arrive while the tree holds more than
 * BULK_FILES files (an import, a session opened) start closed, and each row is a memoized
 * component whose handlers never change, so a note or a progress bar elsewhere in the pane does
 * not render two thousand rows again.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { foldersOf, parentOf } from '../../shared/workspace-path';
import type { TreeNode } from './file-tree-model';
import { buildTree, visibleNodes } from './file-tree-model';
import { Menu } from '../menu';

export interface FileTreeProps {
  paths: readonly string[];
  activePath: string | null;
  onOpen: (path: string) => void;
  /** The row the keyboard or the pointer is on (New file and New folder go into it). */
  onSelect: (node: { path: string; kind: 'file' | 'folder' }) => void;
  onRename: (path: string) => void;
  /** Resolves true once deleted. */
  onDelete: (path: string) => Promise<boolean>;
  disabled: boolean;
  /** A path to show: its folders open (a file the person just made). */
  reveal?: string | null;
}

/** Past this many files, folders that appear start closed. */
export const BULK_FILES = 300;

type RowEvent = { type: 'click'; event: MouseEvent } | { type: 'context'; event: MouseEvent } | { type: 'key'; event: KeyboardEvent<HTMLLIElement> } | { type: 'focus' };

interface RowProps {
  node: TreeNode;
  depth: number;
  open: boolean;
  active: boolean;
  tabbable: boolean;
  on: (path: string, event: RowEvent) => void;
}

const TreeRow = memo(function TreeRow({ node, depth, open, active, tabbable, on }: RowProps) {
  const folder = node.kind === 'folder';
  return (
    <li
      id={`tree-${node.path}`}
      role="treeitem"
      aria-label={node.name}
      aria-level={depth + 1}
      aria-expanded={folder ? open : undefined}
      aria-selected={active}
      aria-haspopup="menu"
      tabIndex={tabbable ? 0 : -1}
      data-folder={folder ? node.path : parentOf(node.path)}
      className={`tree-row ${node.kind}${active ? ' active' : ''}`}
      style={{ paddingLeft: `${0.5 + depth}rem` }}
      onClick={(event) => on(node.path, { type: 'click', event })}
      onFocus={() => on(node.path, { type: 'focus' })}
      onContextMenu={(event) => on(node.path, { type: 'context', event })}
      onKeyDown={(event) => on(node.path, { type: 'key', event })}
    >
      {folder ? (open ? '▾ ' : '▸ ') : ''}
      {node.name}
    </li>
  );
});

const focusPath = (path: string) => document.getElementById(`tree-${path}`)?.focus();

export const FileTree = memo(function FileTree({ paths, activePath, onOpen, onSelect, onRename, onDelete, disabled, reveal = null }: FileTreeProps) {
  const tree = useMemo(() => buildTree(paths), [paths]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ path: string; x: number; y: number } | null>(null);
  /** A row to move the focus to once it is rendered (after a delete). */
  const focusNext = useRef<string | null>(null);

  // Folders that arrive in bulk start closed (decided while rendering, so the open ones are never drawn).
  const [seen, setSeen] = useState<{ paths: readonly string[]; folders: ReadonlySet<string> }>(() => ({ paths: [], folders: new Set() }));
  if (seen.paths !== paths) {
    const folders = foldersOf(paths);
    const fresh = [...folders].filter((folder) => !seen.folders.has(folder) && !(reveal ?? '').startsWith(`${folder}/`));
    if (paths.length > BULK_FILES && fresh.length > 0) setCollapsed((current) => new Set([...current, ...fresh]));
    setSeen({ paths, folders });
  }
  const rows = visibleNodes(tree, collapsed);

  useEffect(() => {
    const path = focusNext.current;
    if (path === null) return;
    focusNext.current = null;
    focusPath(path);
  }, [rows]);
  useEffect(() => {
    if (reveal === null) return;
    setCollapsed((current) => new Set([...current].filter((folder) => !reveal.startsWith(`${folder}/`))));
  }, [reveal]);

  const toggle = (path: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  const select = (node: TreeNode) => {
    setFocused(node.path);
    onSelect({ path: node.path, kind: node.kind });
  };
  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    select(row.node);
    focusPath(row.node.path);
  };
  const remove = async (index: number) => {
    const node = rows[index]?.node;
    if (!node || disabled) return;
    // The row after the deleted one and what is inside it, else the one before.
    const after = rows.slice(index + 1).find((row) => !row.node.path.startsWith(`${node.path}/`));
    const neighbour = after ?? rows[index - 1];
    if (await onDelete(node.path)) {
      focusNext.current = neighbour?.node.path ?? null;
      setFocused(focusNext.current);
    }
  };
  const openMenu = (path: string, x: number, y: number) => !disabled && setMenu({ path, x, y });

  const handle = (path: string, row: RowEvent) => {
    const index = rows.findIndex((candidate) => candidate.node.path === path);
    const node = rows[index]?.node;
    if (!node) return;
    const folder = node.kind === 'folder';
    const activate = () => (folder ? toggle(path) : onOpen(path));
    if (row.type === 'focus') return select(node);
    if (row.type === 'click') {
      select(node);
      return activate();
    }
    if (row.type === 'context') {
      row.event.preventDefault();
      select(node);
      return openMenu(path, row.event.clientX, row.event.clientY);
    }
    const { event } = row;
    const open = folder && !collapsed.has(path);
    if (event.key === 'ArrowDown') focusRow(index + 1);
    else if (event.key === 'ArrowUp') focusRow(index - 1);
    else if (event.key === 'Home') focusRow(0);
    else if (event.key === 'End') focusRow(rows.length - 1);
    else if (event.key === 'Enter' || event.key === ' ') activate();
    else if (event.key === 'ArrowRight' && folder && !open) toggle(path);
    else if (event.key === 'ArrowLeft' && open) toggle(path);
    else if (event.key === 'F2' && !disabled) onRename(path);
    else if (event.key === 'Delete') void remove(index);
    else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      const box = event.currentTarget.getBoundingClientRect();
      openMenu(path, box.left + 16, box.bottom);
    } else return;
    event.preventDefault();
  };
  // Rows get one handler that never changes; it calls this render's `handle`.
  const latest = useRef(handle);
  latest.current = handle;
  const on = useCallback((path: string, event: RowEvent) => latest.current(path, event), []);

  if (paths.length === 0) {
    return (
      <div className="file-tree-empty">
        <ul role="tree" aria-label="Files" />
        <p>No files yet. Ask the agent to create some, use Import, or drop files and folders here.</p>
      </div>
    );
  }
  const current = focused !== null && rows.some((row) => row.node.path === focused) ? focused : rows[0]?.node.path;
  return (
    <>
      <ul role="tree" aria-label="Files" className="file-tree">
        {rows.map(({ node, depth }) => (
          <TreeRow
            key={`${node.kind}:${node.path}`}
            node={node}
            depth={depth}
            open={node.kind === 'folder' && !collapsed.has(node.path)}
            active={node.path === activePath}
            tabbable={node.path === current}
            on={on}
          />
        ))}
      </ul>
      {menu ? (
        <Menu
          label={`Actions for ${menu.path}`}
          style={{ position: 'fixed', left: menu.x, top: menu.y }}
          items={[
            { label: 'Rename', onSelect: () => onRename(menu.path) },
            { label: 'Delete', onSelect: () => void remove(rows.findIndex((row) => row.node.path === menu.path)) },
          ]}
          onClose={(refocus) => {
            const path = menu.path;
            setMenu(null);
            if (refocus) focusPath(path);
          }}
        />
      ) : null}
    </>
  );
});
