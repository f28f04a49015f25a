import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { CategoryRow } from '@netbar/contract';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { deleteCategory, fetchCategories, GOODS_KEY, saveCategory, sortCategory } from '../api/goods-api';
import { AddButton, CrudActions } from '../components/crud-actions';
import { useCrudModal } from '../components/use-crud-modal';

const KEY = [...GOODS_KEY, 'class'];

/** /goods/class_list (92): the store's categories, sortable; a chain head may share one with its stores. */
export default function ClassListPage() {
  const [form] = Form.useForm();
  const crud = useCrudModal<CategoryRow>(KEY, form);
  const { reload } = crud;
  const [rowsShown, setRows] = useState<CategoryRow[]>([]);

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
          <CrudActions
            leading={
              <>
                <Button
                  size="small"
                  icon={<ArrowUpOutlined />}
                  onClick={() => move(r, -1)}
                  aria-label="上移"
                />
                <Button
                  size="small"
                  icon={<ArrowDownOutlined />}
                  onClick={() => move(r, 1)}
                  aria-label="下移"
                />
              </>
            }
            onEdit={() => crud.edit(r, r)}
            onDelete={() => deleteCategory(r.id)}
            reload={reload}
            confirm="确定删除该分类？"
            deletedMsg="删除成功"
          />
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
        toolbar={<AddButton onClick={crud.create}>新增分类</AddButton>}
      />
      <Modal
        {...crud.modalProps}
        title={crud.title('分类')}
        onOk={async () => {
          const v = await form.validateFields();
          await saveCategory({ ...v, id: crud.editing?.id, shared: v.shared ? 1 : 0 });
          crud.saved();
        }}
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
