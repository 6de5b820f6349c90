/** The `Files` tree: folders open and close, arrow keys move, Enter opens a file. */
import { memo, useMemo, useState } from 'react';
import type { TreeNode } from './file-tree-model';
import { buildTree, visibleNodes } from './file-tree-model';

export const FileTree = memo(function FileTree({
  paths,
  activePath,
  onOpen,
}: {
  paths: readonly string[];
  activePath: string | null;
  onOpen: (path: string) => void;
}) {
  const tree = useMemo(() => buildTree(paths), [paths]);
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [focused, setFocused] = useState<string | null>(null);
  const rows = visibleNodes(tree, collapsed);

  const toggle = (node: TreeNode) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(node.path)) next.delete(node.path);
      else next.add(node.path);
      return next;
    });
  };
  const activate = (node: TreeNode) => (node.kind === 'folder' ? toggle(node) : onOpen(node.path));
  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setFocused(row.node.path);
    document.getElementById(`tree-${row.node.path}`)?.focus();
  };

  if (paths.length === 0) {
    return (
      <div className="file-tree-empty">
        <ul role="tree" aria-label="Files" />
        <p>No files yet. Ask the agent to create some.</p>
      </div>
    );
  }
  const current = focused ?? rows[0]?.node.path;
  return (
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
          tabIndex={node.path === current ? 0 : -1}
          className={`tree-row ${node.kind}${node.path === activePath ? ' active' : ''}`}
          style={{ paddingLeft: `${0.5 + depth}rem` }}
          onClick={() => {
            setFocused(node.path);
            activate(node);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') focusRow(index + 1);
            else if (event.key === 'ArrowUp') focusRow(index - 1);
            else if (event.key === 'Enter' || event.key === ' ') activate(node);
            else if (event.key === 'ArrowRight' && node.kind === 'folder' && collapsed.has(node.path)) toggle(node);
            else if (event.key === 'ArrowLeft' && node.kind === 'folder' && !collapsed.has(node.path)) toggle(node);
            else return;
            event.preventDefault();
          }}
        >
          {node.kind === 'folder' ? (collapsed.has(node.path) ? '▸ ' : '▾ ') : ''}
          {node.name}
        </li>
      ))}
    </ul>
  );
});
