/** Builds the nested file tree from the flat list of workspace paths. Pure. */
export interface TreeNode {
  name: string;
  path: string;
  kind: 'file' | 'folder';
  children: TreeNode[];
}

export function buildTree(paths: readonly string[]): TreeNode[] {
  const root: TreeNode = { name: '', path: '', kind: 'folder', children: [] };
  // Nodes by kind and path, so a folder of thousands of files is built in linear time.
  const byKey = new Map<string, TreeNode>();
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    let node = root;
    segments.forEach((segment, index) => {
      const kind = index === segments.length - 1 ? 'file' : 'folder';
      const childPath = node.path ? `${node.path}/${segment}` : segment;
      let child = byKey.get(`${kind}:${childPath}`);
      if (!child) {
        child = { name: segment, path: childPath, kind, children: [] };
        byKey.set(`${kind}:${childPath}`, child);
        node.children.push(child);
      }
      node = child;
    });
  }
  sortTree(root);
  return root.children;
}

function sortTree(node: TreeNode): void {
  node.children.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'folder' ? -1 : 1));
  node.children.forEach(sortTree);
}

/** The rows a keyboard walks: visible nodes in order, given which folders are open. */
export function visibleNodes(nodes: readonly TreeNode[], collapsed: ReadonlySet<string>, depth = 0): { node: TreeNode; depth: number }[] {
  return nodes.flatMap((node) => [
    { node, depth },
    ...(node.kind === 'folder' && !collapsed.has(node.path) ? visibleNodes(node.children, collapsed, depth + 1) : []),
  ]);
}
