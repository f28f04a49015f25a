import { feedback } from '../../../lib/feedback';
import { PlusOutlined } from '@ant-design/icons';
import type { SpecRow } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { deleteSpec, fetchSpecs, GOODS_KEY, saveSpec } from '../api/goods-api';

const KEY = [...GOODS_KEY, 'spec'];

/** /goods/goods_specifications (200): specifications such as 杯型 大杯/中杯, used as SKU names. */
export default function SpecPage() {
  const qc = useQueryClient();
  const [form] = Form.useForm<{ name: string; values: string[] }>();
  const [editing, setEditing] = useState<Partial<SpecRow> | null>(null);
  const columns: TableColumnsType<SpecRow> = [
    { title: '规格名称', dataIndex: 'name', width: 200 },
    { title: '规格值', dataIndex: 'values', render: (v: string[]) => v.map((x) => <Tag key={x}>{x}</Tag>) },
    {
      title: '操作',
      width: 160,
      render: (_, r) => (
        <Space>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setEditing(r);
              form.setFieldsValue(r);
            }}
          >
            编辑
          </Button>
          <Popconfirm
            title="确定删除该规格？"
            onConfirm={async () => {
              await deleteSpec(r.id);
              feedback.success('删除成功');
              qc.invalidateQueries({ queryKey: KEY });
            }}
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
      <PageTable<SpecRow>
        title="商品规格"
        queryKey={KEY}
        fetcher={() => fetchSpecs()}
        columns={columns}
        rowKey="id"
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing({});
              form.resetFields();
            }}
          >
            新增规格
          </Button>
        }
      />
      <Modal
        title={editing?.id ? '编辑规格' : '新增规格'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await saveSpec({ ...v, id: editing?.id });
          feedback.success('保存成功');
          setEditing(null);
          qc.invalidateQueries({ queryKey: KEY });
        }}
        destroyOnHidden
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
