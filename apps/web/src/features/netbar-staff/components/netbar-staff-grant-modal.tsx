import {
  NETBAR_STAFF_ROLE_GRANTS,
  NETBAR_STAFF_ROLES,
  type NetbarStaffAuthNode,
  type NetbarStaffRole,
  type NetbarStaffRow,
} from '@netbar/contract';
import { Alert, Button, Modal, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useGrantNetbarStaff } from '../api/netbar-staff-mutations';
import { useStaffAuthTree } from '../api/netbar-staff-queries';

/** Menu ids to save: checked leaves, plus each menu group with at least one checked child. */
export function permIdsOf(tree: NetbarStaffAuthNode[], checked: Key[]): number[] {
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
export function checkedOf(tree: NetbarStaffAuthNode[], permIds: readonly number[]): number[] {
  const on = new Set(permIds);
  return tree.flatMap((r) =>
    r.children.length ? r.children.filter((c) => on.has(c.id)).map((c) => c.id) : on.has(r.id) ? [r.id] : [],
  );
}

/** 授权: the menus one staff member may use, starting from the role's template, adjusted per person. */
export function NetbarStaffGrantModal({
  staff,
  onClose,
  onDone,
}: {
  staff: NetbarStaffRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const open = !!staff;
  const tree = useStaffAuthTree(open);
  const [checked, setChecked] = useState<Key[]>([]);
  const save = useGrantNetbarStaff({ success: '授权已保存', onSuccess: onDone });
  useEffect(() => {
    if (staff && tree.data) setChecked(checkedOf(tree.data, staff.perm_ids));
  }, [staff, tree.data]);
  const treeData: TreeDataNode[] = (tree.data ?? []).map((r) => ({
    key: r.id,
    title: r.title,
    children: r.children.map((c) => ({ key: c.id, title: c.title })),
  }));
  const fillRole = (role: NetbarStaffRole) =>
    tree.data && setChecked(checkedOf(tree.data, NETBAR_STAFF_ROLE_GRANTS[role]));
  const submit = () => {
    if (!staff || !tree.data) return;
    save.mutate({ user_id: staff.id, perm_ids: permIdsOf(tree.data, checked) });
  };
  return (
    <Modal
      title={`员工授权 · ${staff?.true_name ?? ''}（${staff?.role ?? ''}）`}
      open={open}
      onOk={submit}
      okText="保存授权"
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Spin spinning={tree.isLoading}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="员工只能看到勾选的菜单，且只能在其所属门店和其他门店中工作；员工看不到账号信息和账号安全。"
        />
        <Space wrap style={{ marginBottom: 12 }}>
          按角色填入：
          {NETBAR_STAFF_ROLES.map((r) => (
            <Button key={r} size="small" onClick={() => fillRole(r)}>
              {r}
            </Button>
          ))}
        </Space>
        <Tree
          checkable
          defaultExpandAll
          key={tree.data ? 'loaded' : 'empty'}
          treeData={treeData}
          checkedKeys={checked}
          onCheck={(keys) => setChecked(Array.isArray(keys) ? keys : keys.checked)}
        />
      </Spin>
    </Modal>
  );
}
