import {
  NETBAR_STAFF_ROLE_GRANTS,
  NETBAR_STAFF_ROLES,
  type NetbarStaffRole,
  type NetbarStaffRow,
} from '@netbar/contract';
import { Alert, Button, Modal, Space, Spin } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { checkedOf, MenuGrantTree, permIdsOf } from '../../../components/staff/menu-grant-tree';
import { useGrantNetbarStaff } from '../api/netbar-staff-mutations';
import { useStaffAuthTree } from '../api/netbar-staff-queries';

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
        <MenuGrantTree tree={tree.data} checked={checked} onChange={setChecked} />
      </Spin>
    </Modal>
  );
}
