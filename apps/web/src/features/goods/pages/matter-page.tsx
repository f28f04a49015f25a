import { fenToYuan, type MaterRow } from '@netbar/contract';
import { Form, Input, type TableColumnsType } from 'antd';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchMaters } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeleteMater } from '../api/goods-mutations';
import { AddButton, CrudActions } from '../components/crud-actions';
import { MaterFormModal } from '../components/mater-form-modal';

/** /goods/goods_matter (207): raw materials in their smallest unit, consumed by recipes. */
export default function MatterPage() {
  const modal = useModeState<MaterRow>();
  const remove = useDeleteMater({ success: '删除成功' });
  const columns: TableColumnsType<MaterRow> = [
    { title: '原料名称', dataIndex: 'name' },
    { title: '单位', dataIndex: 'unit', width: 80 },
    { title: '条码', dataIndex: 'barcode', width: 150 },
    { title: '成本价(元/单位)', dataIndex: 'cost_fen', width: 140, render: (f: number) => fenToYuan(f) },
    {
      title: '库存',
      dataIndex: 'qty',
      width: 100,
      render: (q: number, r) => (
        <span style={{ color: r.low_stock > 0 && q <= r.low_stock ? '#cf1322' : undefined }}>{q}</span>
      ),
    },
    { title: '库存预警', dataIndex: 'low_stock', width: 100 },
    {
      title: '操作',
      width: 150,
      render: (_, r) => (
        <CrudActions
          onEdit={() => modal.edit(r)}
          onDelete={() => remove.mutate(r.id)}
          confirm="确定删除该原料？"
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<MaterRow>
        title="原料管理"
        queryKey={goodsKeys.maters()}
        fetcher={fetchMaters}
        columns={columns}
        rowKey="id"
        filterFields={
          <Form.Item name="keyword">
            <Input aria-label="原料名称或条码" placeholder="原料名称或条码" allowClear />
          </Form.Item>
        }
        toolbar={<AddButton onClick={modal.add}>新增原料</AddButton>}
      />
      <MaterFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
