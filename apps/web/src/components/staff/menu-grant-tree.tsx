import { Tree, type TreeDataNode } from 'antd';
import type { Key } from 'react';

/** A menu group of a grant tree with its menus (agent staff and netbar staff trees alike). */
export interface GrantNode {
  id: number;
  title: string;
  children: { id: number; title: string }[];
}

/** Menu ids to save: checked leaves, plus each menu group with at least one checked child. */
export function permIdsOf(tree: GrantNode[], checked: Key[]): number[] {
  const on = new Set(checked.map(Number));
  const out = new Set<number>();
  for (const root of tree) {
    const kids = root.children.filter((c) => on.has(c.id)).map((c) => c.id);
    if (kids.length || on.has(root.id)) out.add(root.id);
    for (const k of kids) out.add(k);
  }
  return [...out].sort((a, b) => a - b);
}

/** Checked keys for the Tree: a group with children is checked through its children only. */
export function checkedOf(tree: GrantNode[], permIds: readonly number[]): number[] {
  const on = new Set(permIds);
  return tree.flatMap((r) =>
    r.children.length ? r.children.filter((c) => on.has(c.id)).map((c) => c.id) : on.has(r.id) ? [r.id] : [],
  );
}

/**
 * The checkable menu tree of a 授权 dialog. `grantable` (when given) disables the menus the granting
 * user does not hold; the tree is remounted once loaded so that every group opens expanded.
 */
export function MenuGrantTree({
  tree,
  checked,
  onChange,
  grantable,
}: {
  tree: GrantNode[] | undefined;
  checked: Key[];
  onChange: (keys: Key[]) => void;
  grantable?: ReadonlySet<number>;
}) {
  const off = (id: number) => (grantable ? !grantable.has(id) : undefined);
  const treeData: TreeDataNode[] = (tree ?? []).map((r) => ({
    key: r.id,
    title: r.title,
    disabled: off(r.id),
    children: r.children.map((c) => ({ key: c.id, title: c.title, disabled: off(c.id) })),
  }));
  return (
    <Tree
      checkable
      defaultExpandAll
      key={tree ? 'loaded' : 'empty'}
      treeData={treeData}
      checkedKeys={checked}
      onCheck={(keys) => onChange(Array.isArray(keys) ? keys : keys.checked)}
    />
  );
}
