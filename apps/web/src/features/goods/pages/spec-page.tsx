import type { SpecRow } from '@netbar/contract';
import { Form, type FormInstance, Input, Modal, Select, type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { deleteSpec, fetchSpecs, GOODS_KEY, saveSpec } from '../api/goods-api';
import { AddButton, CrudActions } from '../components/crud-actions';
import { useCrudModal } from '../components/use-crud-modal';

const KEY = [...GOODS_KEY, 'spec'];

/** /goods/goods_specifications (200): specifications such as 杯型 大杯/中杯, used as SKU names. */
export default function SpecPage() {
  const [form] = Form.useForm<{ name: string; values: string[] }>();
  const crud = useCrudModal<SpecRow, FormInstance<{ name: string; values: string[] }>>(KEY, form);
  const columns: TableColumnsType<SpecRow> = [
    { title: '规格名称', dataIndex: 'name', width: 200 },
    { title: '规格值', dataIndex: 'values', render: (v: string[]) => v.map((x) => <Tag key={x}>{x}</Tag>) },
    {
      title: '操作',
      width: 160,
      render: (_, r) => (
        <CrudActions
          onEdit={() => crud.edit(r, r)}
          onDelete={() => deleteSpec(r.id)}
          reload={crud.reload}
          confirm="确定删除该规格？"
          deletedMsg="删除成功"
        />
      ),
    },
  ];
  return (
    <>
      <PageTable<SpecRow>
        title="商品规格"
        queryKey={KEY}
        fetcher={() => fetchSpecs()}
        columns={columns}
        rowKey="id"
        toolbar={<AddButton onClick={crud.create}>新增规格</AddButton>}
      />
      <Modal
        {...crud.modalProps}
        title={crud.title('规格')}
        onOk={async () => {
          const v = await form.validateFields();
          await saveSpec({ ...v, id: crud.editing?.id });
          crud.saved();
        }}
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label="规格名称"
            rules={[
              { required: true, message: '请输入规格名称' },
              { max: 20, message: '规格名称最多20个字符' },
            ]}
          >
            <Input placeholder="如：杯型" />
          </Form.Item>
          <Form.Item
            name="values"
            label="规格值"
            rules={[{ required: true, message: '请输入规格值' }]}
            extra="输入后按回车添加，如：大杯、中杯"
          >
            <Select mode="tags" open={false} placeholder="输入规格值后回车" tokenSeparators={[',', '，']} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
