import { NETBAR_STAFF_ROLES, type NetbarStaffRow } from '@netbar/contract';
import { Button, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { AddButton, ChoiceFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { StaffStatusTag, staffPermsColumn, staffPersonColumn } from '../../../components/staff/staff-columns';
import { netbarStaffApi } from '../api/netbar-staff-api';
import { netbarStaffKeys } from '../api/netbar-staff-keys';
import { useSetStaffStatus } from '../api/netbar-staff-mutations';
import { useStaffStores } from '../api/netbar-staff-queries';
import { NetbarStaffFormModal, type NetbarStaffFormState } from '../components/netbar-staff-form-modal';
import { NetbarStaffGrantModal } from '../components/netbar-staff-grant-modal';
import { NetbarStaffRemarkDrawer } from '../components/netbar-staff-remark-drawer';
import { ResetPasswordModal } from '../components/reset-password-modal';

const ROLE_COLORS: Record<string, string> = { 店长: 'gold', 收银员: 'blue', 网管: 'purple', 服务员: 'cyan' };

/** /NetbarStaffManage/staffList (52): the owner's staff in every store it manages (decision 145). */
export default function NetbarStaffListPage() {
  const [editing, setEditing] = useState<NetbarStaffFormState>(null);
  const [remarkOf, setRemarkOf] = useState<NetbarStaffRow | null>(null);
  const [grantOf, setGrantOf] = useState<NetbarStaffRow | null>(null);
  const [resetOf, setResetOf] = useState<NetbarStaffRow | null>(null);
  const stores = useStaffStores();
  const status = useSetStaffStatus({ success: '状态已更新' });
  const columns: TableColumnsType<NetbarStaffRow> = [
    // widths (sum 958 px, middle density) so the whole table, the fixed 操作 column included, fits a 1280 px screen:
    // the 操作 column never covers 菜单权限 or 状态 (long store lists and times wrap)
    { ...staffPersonColumn<NetbarStaffRow>(), width: 150 },
    { title: '手机号', dataIndex: 'mobile', width: 110 },
    {
      title: '角色',
      dataIndex: 'role',
      width: 72,
      render: (v: string) => <Tag color={ROLE_COLORS[v]}>{v || '—'}</Tag>,
    },
    { title: '所属门店', dataIndex: 'netbar_name', width: 100 },
    {
      title: '工作门店',
      dataIndex: 'netbar_names',
      width: 120,
      render: (v: string[]) => v.join('、'),
    },
    { ...staffPermsColumn<NetbarStaffRow>(), width: 76 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 84,
      render: (s: number, r) => (
        <Space size={4} wrap>
          <StaffStatusTag status={s} />
          {r.must_change_password && <Tag color="orange">待改密码</Tag>}
        </Space>
      ),
    },
    { title: '创建时间', dataIndex: 'created_at', width: 96 },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      width: 150,
      render: (_, r) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setGrantOf(r)}>
            授权
          </Button>
          <Button type="link" size="small" onClick={() => setResetOf(r)}>
            重置密码
          </Button>
          <Button type="link" size="small" onClick={() => setRemarkOf(r)}>
            备注
          </Button>
          {r.status === 1 ? (
            <Popconfirm
              title={`确定停用员工「${r.true_name}」？停用后立即退出登录且无法再登录。`}
              onConfirm={() => status.mutate({ id: r.id, status: 0 })}
            >
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          ) : (
            <Button type="link" size="small" onClick={() => status.mutate({ id: r.id, status: 1 })}>
              启用
            </Button>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<NetbarStaffRow>
        title="员工列表"
        queryKey={netbarStaffKeys.list()}
        fetcher={(p) => netbarStaffApi.list(p)}
        onExport={(f) => netbarStaffApi.exportList(f)}
        columns={columns}
        size="middle"
        rowKey="id"
        filterFormName="netbar_staff_filter"
        toolbar={<AddButton onClick={() => setEditing({ mode: 'add' })}>新增员工</AddButton>}
        filterFields={
          <>
            <Form.Item name="true_name">
              <Input aria-label="姓名" placeholder="姓名" allowClear style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="mobile">
              <Input aria-label="手机号" placeholder="手机号" allowClear style={{ width: 140 }} />
            </Form.Item>
            <ChoiceFilter
              name="role"
              label="角色"
              options={NETBAR_STAFF_ROLES.map((r) => ({ value: r, label: r }))}
            />
            <Form.Item name="netbar_id">
              <Select
                aria-label="门店"
                placeholder="门店"
                allowClear
                style={{ width: 160 }}
                options={stores.data ?? []}
              />
            </Form.Item>
            <ChoiceFilter
              name="status"
              label="状态"
              options={[
                { value: 1, label: '正常' },
                { value: 0, label: '停用' },
              ]}
            />
          </>
        }
      />
      <NetbarStaffFormModal
        state={editing}
        onClose={() => setEditing(null)}
        onDone={() => setEditing(null)}
      />
      <NetbarStaffGrantModal
        staff={grantOf}
        onClose={() => setGrantOf(null)}
        onDone={() => setGrantOf(null)}
      />
      <NetbarStaffRemarkDrawer staff={remarkOf} onClose={() => setRemarkOf(null)} />
      <ResetPasswordModal staff={resetOf} onClose={() => setResetOf(null)} />
    </>
  );
}
