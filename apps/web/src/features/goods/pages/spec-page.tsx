import type { SpecRow } from '@netbar/contract';
import { type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchSpecs } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeleteSpec } from '../api/goods-mutations';
import { AddButton, CrudActions } from '../components/crud-actions';
import { SpecFormModal } from '../components/spec-form-modal';

/** /goods/goods_specifications (200): specifications such as 杯型 大杯/中杯, used as SKU names. */
export default function SpecPage() {
  const modal = useModeState<SpecRow>();
  const remove = useDeleteSpec({ success: '删除成功' });
  const columns: TableColumnsType<SpecRow> = [
    { title: '规格名称', dataIndex: 'name', width: 200 },
    { title: '规格值', dataIndex: 'values', render: (v: string[]) => v.map((x) => <Tag key={x}>{x}</Tag>) },
    {
      title: '操作',
      width: 160,
      render: (_, r) => (
        <CrudActions
          onEdit={() => modal.edit(r)}
          onDelete={() => remove.mutate(r.id)}
          confirm="确定删除该规格？"
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<SpecRow>
        title="商品规格"
        queryKey={goodsKeys.specs()}
        fetcher={() => fetchSpecs()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={modal.add}>新增规格</AddButton>}
      />
      <SpecFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
