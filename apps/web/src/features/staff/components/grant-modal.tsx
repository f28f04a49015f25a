import type { StaffRow } from '@netbar/contract';
import { Alert, Form, Modal, Select, Spin } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { RegionCascader } from '../../../components/area-fields';
import { checkedOf, MenuGrantTree, permIdsOf } from '../../../components/staff/menu-grant-tree';
import { useSaveGrant } from '../api/staff-mutations';
import { useAuthArea, useAuthTree, useOwnPerms, useStaffNetbarOptions } from '../api/staff-queries';

/** 授权: which menus, netbars and regions a staff member may use (agent_auth_area). */
export function GrantModal({
  staff,
  onClose,
  onDone,
}: {
  staff: StaffRow | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const open = !!staff;
  const tree = useAuthTree(open);
  const own = useOwnPerms(open);
  const netbars = useStaffNetbarOptions(open);
  const area = useAuthArea(staff?.id, open);
  const [checked, setChecked] = useState<Key[]>([]);
  const [form] = Form.useForm<{ netbar_ids: number[]; regions: string[] }>();
  const save = useSaveGrant({ success: '授权已保存', onSuccess: onDone });
  useEffect(() => {
    if (area.data && tree.data) {
      setChecked(checkedOf(tree.data, area.data.perm_ids));
      form.setFieldsValue({ netbar_ids: area.data.netbar_ids, regions: area.data.regions });
    }
  }, [area.data, tree.data, form]);

  const mine = new Set(own.data ?? []);
  const submit = async () => {
    if (!staff || !tree.data) return;
    const v = await form.validateFields().catch(() => null); // the form shows what is wrong
    if (!v) return;
    save.mutate({
      user_id: staff.id,
      perm_ids: permIdsOf(tree.data, checked),
      netbar_ids: v.netbar_ids ?? [],
      regions: v.regions ?? [],
    });
  };
  const loading = tree.isLoading || area.isLoading || own.isLoading;
  return (
    <Modal
      title={`员工授权 · ${staff?.true_name ?? ''}`}
      open={open}
      onOk={submit}
      okText="保存授权"
      confirmLoading={save.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Spin spinning={loading}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="员工只能看到勾选的菜单；网吧数据只包含下方指定的网吧和区域内的网吧。"
        />
        <Form form={form} name="staff_grant" layout="vertical">
          <Form.Item label="可用菜单">
            <MenuGrantTree tree={tree.data} checked={checked} onChange={setChecked} grantable={mine} />
          </Form.Item>
          <Form.Item name="netbar_ids" label="可管理的网吧">
            <Select
              mode="multiple"
              allowClear
              placeholder="选择网吧"
              loading={netbars.isLoading}
              options={netbars.data ?? []}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
            />
          </Form.Item>
          <Form.Item name="regions" label="可管理的区域（区域内的全部网吧）">
            <RegionCascader />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
