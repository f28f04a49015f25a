import { fenToYuan, type GroupRow, SHELF_STATUS_LABELS } from '@netbar/contract';
import { type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchGroups } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeleteGroup } from '../api/goods-mutations';
import { AddButton, CrudActions } from '../components/crud-actions';
import { GroupFormModal } from '../components/group-form-modal';

/** /goods/goods_group (267): combos and sets sold as one, at their own price. */
export default function GroupPage() {
  const modal = useModeState<GroupRow>();
  const remove = useDeleteGroup();
  const columns: TableColumnsType<GroupRow> = [
    { title: '组合名称', dataIndex: 'name' },
    {
      title: '包含商品',
      dataIndex: 'items',
      render: (its: GroupRow['items']) => its.map((i) => `${i.name}×${i.qty}`).join('、'),
    },
    {
      title: '原价合计(元)',
      render: (_, r) => fenToYuan(r.items.reduce((s, i) => s + i.price_fen * i.qty, 0)),
    },
    { title: '组合价(元)', dataIndex: 'price_fen', render: (f: number) => fenToYuan(f) },
    {
      title: '状态',
      dataIndex: 'shelf_status',
      render: (s: 1 | 2) => <Tag color={s === 1 ? 'green' : 'default'}>{SHELF_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      render: (_, r) => <CrudActions onEdit={() => modal.edit(r)} onDelete={() => remove.mutate(r.id)} />,
    },
  ];
  return (
    <>
      <PageTable<GroupRow>
        title="商品组合"
        queryKey={goodsKeys.groups()}
        fetcher={() => fetchGroups()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={modal.add}>新增组合</AddButton>}
      />
      <GroupFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
