import type { StaffRow } from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { AddButton, ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { StaffStatusTag, staffPermsColumn, staffPersonColumn } from '../../../components/staff/staff-columns';
import { staffApi } from '../api/staff-api';
import { staffKeys } from '../api/staff-keys';
import { useDeleteStaff } from '../api/staff-mutations';
import { GrantModal } from '../components/grant-modal';
import { StaffFormModal, type StaffFormState } from '../components/staff-form-modal';
import { StaffRemarkDrawer } from '../components/staff-remark-drawer';

/** /staffManage/staffList: the agent's staff, their remarks and their grants. */
export default function StaffListPage() {
  const [editing, setEditing] = useState<StaffFormState>(null);
  const [remarkOf, setRemarkOf] = useState<StaffRow | null>(null);
  const [grantOf, setGrantOf] = useState<StaffRow | null>(null);
  const remove = useDeleteStaff({ success: '删除成功' });
  const columns: TableColumnsType<StaffRow> = [
    staffPersonColumn(),
    { title: '手机号', dataIndex: 'mobile' },
    { title: '职位', dataIndex: 'position', render: (v: string) => v || '—' },
    { title: '负责网吧', dataIndex: 'netbar_count', align: 'right' },
    staffPermsColumn(),
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <StaffStatusTag status={s} />,
    },
    { title: '创建时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
            编辑
          </Button>
          <Button type="link" size="small" onClick={() => setGrantOf(r)}>
            授权
          </Button>
          <Button type="link" size="small" onClick={() => setRemarkOf(r)}>
            备注
          </Button>
          <Popconfirm
            title={`确定删除员工「${r.true_name}」？其负责的网吧将变为未分配。`}
            onConfirm={() => remove.mutate(r.id)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<StaffRow>
        title="员工列表"
        queryKey={staffKeys.list()}
        fetcher={(p) => staffApi.list(p)}
        onExport={(f) => staffApi.exportList(f)}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={() => setEditing({ mode: 'add' })}>新增员工</AddButton>}
        filterFields={
          <>
            <KeywordFilter label="姓名/账号/手机号" width={180} />
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
      <StaffFormModal state={editing} onClose={() => setEditing(null)} onDone={() => setEditing(null)} />
      <StaffRemarkDrawer staff={remarkOf} onClose={() => setRemarkOf(null)} />
      <GrantModal staff={grantOf} onClose={() => setGrantOf(null)} onDone={() => setGrantOf(null)} />
    </>
  );
}
