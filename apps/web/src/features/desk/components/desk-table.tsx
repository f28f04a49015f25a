import { DESK_KIND_LABEL, type DeskRow, fenToYuan } from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { AddButton, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchDesks } from '../api/desk-api';
import { deskKeys } from '../api/desk-keys';
import { useDeleteDesk } from '../api/desk-mutations';
import { DeskFormModal } from './desk-form-modal';

/** 包间/桌台 list: kind, area, seats, hourly rate and minimum spend; add, edit, delete. */
export function DeskTable() {
  const modal = useModeState<DeskRow>();
  const del = useDeleteDesk({ success: '删除成功' });
  const columns: TableColumnsType<DeskRow> = [
    { title: '名称', dataIndex: 'name' },
    { title: '类型', dataIndex: 'kind', render: (k: DeskRow['kind']) => DESK_KIND_LABEL[k] },
    { title: '区域', dataIndex: 'area', render: (a: string) => a || '—' },
    { title: '人数', dataIndex: 'capacity', align: 'right' },
    { title: '每小时(元)', dataIndex: 'hourly_fen', align: 'right', render: (f: number) => fenToYuan(f) },
    {
      title: '最低消费(元)',
      dataIndex: 'min_spend_fen',
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '备注', dataIndex: 'remark' },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => modal.edit(r)}>
            编辑
          </Button>
          <Popconfirm
            title={`删除“${r.name}”？`}
            okText="删除"
            cancelText="取消"
            onConfirm={() => del.mutate(r.id)}
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
      <PageTable<DeskRow>
        queryKey={deskKeys.desks()}
        fetcher={fetchDesks}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={modal.add}>新增包间/桌台</AddButton>}
        filterFields={<KeywordFilter label="名称" />}
      />
      <DeskFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
