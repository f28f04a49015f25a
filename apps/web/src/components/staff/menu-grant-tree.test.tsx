import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { checkedOf, MenuGrantTree, permIdsOf } from './menu-grant-tree';

const TREE = [
  {
    id: 26,
    title: '收银管理',
    children: [
      { id: 262, title: '收银台' },
      { id: 264, title: '租赁柜台' },
    ],
  },
  { id: 30, title: '首页', children: [] },
];

describe('menu grant tree', () => {
  it('saves a group with any checked menu, and checks a group through its menus only', () => {
    expect(permIdsOf(TREE, [264])).toEqual([26, 264]);
    expect(permIdsOf(TREE, [30, 262, 264])).toEqual([26, 30, 262, 264]);
    expect(permIdsOf(TREE, [])).toEqual([]);
    expect(checkedOf(TREE, [26, 262, 30])).toEqual([262, 30]);
    expect(checkedOf(TREE, [26])).toEqual([]);
  });

  it('disables the menus the granting user does not hold', () => {
    render(<MenuGrantTree tree={TREE} checked={[262]} onChange={() => {}} grantable={new Set([26, 262])} />);
    const item = (title: string) => screen.getByTitle(title).closest('.ant-tree-treenode')!;
    expect(item('收银台').className).not.toContain('disabled');
    expect(item('租赁柜台').className).toContain('ant-tree-treenode-disabled');
    expect(item('首页').className).toContain('ant-tree-treenode-disabled');
  });
});
