import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { CategoryRow } from '@netbar/contract';
import { Button, Form, Input, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchCategories } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeleteCategory, useSortCategories } from '../api/goods-mutations';
import { CategoryFormModal } from '../components/category-form-modal';
import { AddButton, CrudActions } from '../components/crud-actions';

/** /goods/class_list (92): the store's categories, sortable; a chain head may share one with its stores. */
export default function ClassListPage() {
  const modal = useModeState<CategoryRow>();
  const sort = useSortCategories();
  const remove = useDeleteCategory({ success: '删除成功' });
  const [rowsShown, setRows] = useState<CategoryRow[]>([]);

  const move = (row: CategoryRow, dir: -1 | 1) => {
    const own = rowsShown.filter((r) => r.own);
    const i = own.findIndex((r) => r.id === row.id);
    const j = i + dir;
    if (j < 0 || j >= own.length) return;
    const ids = own.map((r) => r.id);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    sort.mutate(ids);
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
            onEdit={() => modal.edit(r)}
            onDelete={() => remove.mutate(r.id)}
            confirm="确定删除该分类？"
          />
        ) : (
          <span style={{ color: '#666' }}>总店共享，只读</span>
        ),
    },
  ];

  return (
    <>
      <PageTable<CategoryRow>
        title="商品分类"
        queryKey={goodsKeys.categories()}
        fetcher={async (p) => {
          const d = await fetchCategories(p);
          setRows(d.list);
          return d;
        }}
        columns={columns}
        rowKey="id"
        filterFields={
          <Form.Item name="keyword">
            <Input aria-label="分类名称" placeholder="分类名称" allowClear />
          </Form.Item>
        }
        toolbar={<AddButton onClick={modal.add}>新增分类</AddButton>}
      />
      <CategoryFormModal state={modal.state} onClose={modal.close} />
    </>
  );
}
