import { feedback } from '../../../lib/feedback';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategoryRow } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { deleteCategory, fetchCategories, GOODS_KEY, saveCategory, sortCategory } from '../api/goods-api';

const KEY = [...GOODS_KEY, 'class'];

/** /goods/class_list (92): the store's categories, sortable; a chain head may share one with its stores. */
export default function ClassListPage() {
  const qc = useQueryClient();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Partial<CategoryRow> | null>(null);
  const [rowsShown, setRows] = useState<CategoryRow[]>([]);
  const reload = () => qc.invalidateQueries({ queryKey: KEY });

  const move = async (row: CategoryRow, dir: -1 | 1) => {
    const own = rowsShown.filter((r) => r.own);
    const i = own.findIndex((r) => r.id === row.id);
    const j = i + dir;
    if (j < 0 || j >= own.length) return;
    const ids = own.map((r) => r.id);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    await sortCategory(ids);
    reload();
  };

  const columns: TableColumnsType<CategoryRow> = [
    {
      title: '分类名称',
      dataIndex: 'name',
      render: (n: string, r) => (
        <Space>
          {n}
          {r.shared && <Tag color="blue">连锁共享</Tag>}
          {!r.own && <Tag>来自{r.netbar_name}</Tag>}
        </Space>
      ),
    },
    { title: '排序', dataIndex: 'sort', width: 80 },
    { title: '本店商品数', dataIndex: 'goods_count', width: 110 },
    {
      title: '操作',
      width: 260,
      render: (_, r) =>
        r.own ? (
          <Space>
            <Button size="small" icon={<ArrowUpOutlined />} onClick={() => move(r, -1)} aria-label="上移" />
            <Button size="small" icon={<ArrowDownOutlined />} onClick={() => move(r, 1)} aria-label="下移" />
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
              title="确定删除该分类？"
              onConfirm={async () => {
                await deleteCategory(r.id);
                feedback.success('删除成功');
                reload();
              }}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <span style={{ color: '#999' }}>总店共享，只读</span>
        ),
    },
  ];

  return (
    <>
      <PageTable<CategoryRow>
        title="商品分类"
        queryKey={KEY}
        fetcher={async (p) => {
          const d = await fetchCategories(p);
          setRows(d.list);
          return d;
        }}
        columns={columns}
        rowKey="id"
        filterFields={
          <Form.Item name="keyword">
            <Input placeholder="分类名称" allowClear />
          </Form.Item>
        }
        toolbar={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing({});
              form.resetFields();
            }}
          >
            新增分类
          </Button>
        }
      />
      <Modal
        title={editing?.id ? '编辑分类' : '新增分类'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={async () => {
          const v = await form.validateFields();
          await saveCategory({ ...v, id: editing?.id, shared: v.shared ? 1 : 0 });
          feedback.success('保存成功');
          setEditing(null);
          reload();
        }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={{ sort: 0 }}>
          <Form.Item
            name="name"
            label="分类名称"
            rules={[
              { required: true, message: '请输入分类名称' },
              { max: 20, message: '分类名称最多20个字符' },
            ]}
          >
            <Input placeholder="如：饮料" />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="shared"
            valuePropName="checked"
            extra="仅连锁总店可共享，共享后各门店均可使用该分类"
          >
            <Checkbox>连锁门店共享</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
