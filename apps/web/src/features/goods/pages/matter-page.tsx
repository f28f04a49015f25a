import type { MaterRow } from '@netbar/contract';
import { Form, Input, InputNumber, Modal, type TableColumnsType } from 'antd';
import { PageTable } from '../../../components/page-table';
import { deleteMater, fetchMaters, GOODS_KEY, saveMater, toFen, yuan } from '../api/goods-api';
import { AddButton, CrudActions } from '../components/crud-actions';
import { useCrudModal } from '../components/use-crud-modal';

const KEY = [...GOODS_KEY, 'matter'];

/** /goods/goods_matter (207): raw materials in their smallest unit, consumed by recipes. */
export default function MatterPage() {
  const [form] = Form.useForm();
  const crud = useCrudModal<MaterRow>(KEY, form);
  const columns: TableColumnsType<MaterRow> = [
    { title: '原料名称', dataIndex: 'name' },
    { title: '单位', dataIndex: 'unit', width: 80 },
    { title: '条码', dataIndex: 'barcode', width: 150 },
    { title: '成本价(元/单位)', dataIndex: 'cost_fen', width: 140, render: (f: number) => yuan(f) },
    {
      title: '库存',
      dataIndex: 'qty',
      width: 100,
      render: (q: number, r) => (
        <span style={{ color: r.low_stock > 0 && q <= r.low_stock ? '#f5222d' : undefined }}>{q}</span>
      ),
    },
    { title: '库存预警', dataIndex: 'low_stock', width: 100 },
    {
      title: '操作',
      width: 150,
      render: (_, r) => (
        <CrudActions
          onEdit={() => crud.edit(r, { ...r, cost: r.cost_fen / 100 })}
          onDelete={() => deleteMater(r.id)}
          reload={crud.reload}
          confirm="确定删除该原料？"
          deletedMsg="删除成功"
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<MaterRow>
        title="原料管理"
        queryKey={KEY}
        fetcher={fetchMaters}
        columns={columns}
        rowKey="id"
        filterFields={
          <Form.Item name="keyword">
            <Input placeholder="原料名称或条码" allowClear />
          </Form.Item>
        }
        toolbar={<AddButton onClick={crud.create}>新增原料</AddButton>}
      />
      <Modal
        {...crud.modalProps}
        title={crud.title('原料')}
        onOk={async () => {
          const { cost, ...v } = await form.validateFields();
          await saveMater({ ...v, id: crud.editing?.id, cost_fen: toFen(cost) });
          crud.saved();
        }}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ low_stock: 0, cost: 0 }}>
          <Form.Item
            name="name"
            label="原料名称"
            rules={[
              { required: true, message: '请输入原料名称' },
              { max: 30, message: '最多30个字符' },
            ]}
          >
            <Input placeholder="如：珍珠" />
          </Form.Item>
          <Form.Item
            name="unit"
            label="单位（最小计量单位）"
            rules={[{ required: true, message: '请输入单位' }]}
          >
            <Input placeholder="如：克、毫升、个" />
          </Form.Item>
          <Form.Item name="barcode" label="条码">
            <Input placeholder="可选" />
          </Form.Item>
          <Form.Item name="cost" label="成本价（元/单位）">
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="low_stock" label="库存预警">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
