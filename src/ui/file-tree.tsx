/**
 * The `Files` tree: folders open and close, arrow keys move, Enter opens a file. Each item offers
 * Rename and Delete: F2 and Delete, or its context menu (right click, Shift+F10 or the context-menu
 * key). Rows name the folder a drop onto them goes into (`data-folder`). After a delete the focus
 * moves to the next row, so the keyboard never loses its place; a path just made is revealed.
 */
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { parentOf } from '../shared/workspace-path';
import type { TreeNode } from './file-tree-model';
import { buildTree, visibleNodes } from './file-tree-model';
import { Menu } from './menu';

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

interface ContextMenu {
  path: string;
  x: number;
  y: number;
}

export const FileTree = memo(function FileTree({ paths, activePath, onOpen, onSelect, onRename, onDelete, disabled, reveal = null }: FileTreeProps) {
  const tree = useMemo(() => buildTree(paths), [paths]);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const [menu, setMenu] = useState<ContextMenu | null>(null);
  /** A row to move the focus to once it is rendered (after a delete). */
  const focusNext = useRef<string | null>(null);
  const rows = visibleNodes(tree, collapsed);

  useEffect(() => {
    const path = focusNext.current;
    if (path === null) return;
    focusNext.current = null;
    document.getElementById(`tree-${path}`)?.focus();
  }, [rows]);

  useEffect(() => {
    if (reveal === null) return;
    setCollapsed((current) => new Set([...current].filter((folder) => !reveal.startsWith(`${folder}/`))));
  }, [reveal]);

  const toggle = (node: TreeNode) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(node.path)) next.delete(node.path);
      else next.add(node.path);
      return next;
    });
  };
  const activate = (node: TreeNode) => (node.kind === 'folder' ? toggle(node) : onOpen(node.path));
  const select = (node: TreeNode) => {
    setFocused(node.path);
    onSelect({ path: node.path, kind: node.kind });
  };
  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    select(row.node);
    document.getElementById(`tree-${row.node.path}`)?.focus();
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
        {rows.map(({ node, depth }, index) => (
          <li
            key={`${node.kind}:${node.path}`}
            id={`tree-${node.path}`}
            role="treeitem"
            aria-label={node.name}
            aria-level={depth + 1}
            aria-expanded={node.kind === 'folder' ? !collapsed.has(node.path) : undefined}
            aria-selected={node.path === activePath}
            aria-haspopup="menu"
            tabIndex={node.path === current ? 0 : -1}
            data-folder={node.kind === 'folder' ? node.path : parentOf(node.path)}
            className={`tree-row ${node.kind}${node.path === activePath ? ' active' : ''}`}
            style={{ paddingLeft: `${0.5 + depth}rem` }}
            onClick={() => {
              select(node);
              activate(node);
            }}
            onFocus={() => select(node)}
            onContextMenu={(event) => {
              event.preventDefault();
              select(node);
              openMenu(node.path, event.clientX, event.clientY);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown') focusRow(index + 1);
              else if (event.key === 'ArrowUp') focusRow(index - 1);
              else if (event.key === 'Home') focusRow(0);
              else if (event.key === 'End') focusRow(rows.length - 1);
              else if (event.key === 'Enter' || event.key === ' ') activate(node);
              else if (event.key === 'ArrowRight' && node.kind === 'folder' && collapsed.has(node.path)) toggle(node);
              else if (event.key === 'ArrowLeft' && node.kind === 'folder' && !collapsed.has(node.path)) toggle(node);
              else if (event.key === 'F2' && !disabled) onRename(node.path);
              else if (event.key === 'Delete') void remove(index);
              else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
                const box = event.currentTarget.getBoundingClientRect();
                openMenu(node.path, box.left + 16, box.bottom);
              } else return;
              event.preventDefault();
            }}
          >
            {node.kind === 'folder' ? (collapsed.has(node.path) ? '▸ ' : '▾ ') : ''}
            {node.name}
          </li>
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
            if (refocus) document.getElementById(`tree-${path}`)?.focus();
          }}
        />
      ) : null}
    </>
  );
});
