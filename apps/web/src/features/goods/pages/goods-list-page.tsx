import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { CUSTOM_COLOURS, fenToYuan, type GoodsRow, SHELF_STATUS_LABELS } from '@netbar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { feedback } from '../../../lib/feedback';
import { exportGoods, fetchGoods } from '../api/goods-api';
import { goodsKeys } from '../api/goods-keys';
import { useDeleteGoods, useShelfGoods } from '../api/goods-mutations';
import { categoryOptionsQuery, goodsOptionsQuery } from '../api/goods-queries';
import { CrudActions } from '../components/crud-actions';
import { GoodsFormModal } from '../components/goods-form-modal';
import { GoodsImportModal } from '../components/goods-import-modal';

/** /goods/goods_list (64): goods with SKUs, prices, stock, shelf status and the cashier colour. */
export default function GoodsListPage() {
  const qc = useQueryClient();
  const modal = useModeState<GoodsRow>();
  const [importOpen, setImportOpen] = useState(false);
  const [batchOpen, setBatchOpen] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [batchStatus, setBatchStatus] = useState<1 | 2>(2);
  const shelfMutation = useShelfGoods();
  const remove = useDeleteGoods({ success: '删除成功' });
  const shelf = (ids: number[], s: 1 | 2, then?: () => void) =>
    shelfMutation.mutate(
      { ids, shelf_status: s },
      {
        onSuccess: () => {
          feedback.success(s === 1 ? '已上架' : '已下架');
          setSelected([]);
          then?.();
        },
      },
    );

  const columns: TableColumnsType<GoodsRow> = [
    {
      title: '商品名称',
      dataIndex: 'name',
      render: (n: string, r) => (
        <Space>
          <span
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: 2,
              background: CUSTOM_COLOURS[r.colour].hex,
            }}
          />
          {r.image_url && (
            <img
              src={r.image_url}
              alt=""
              width={28}
              height={28}
              style={{ objectFit: 'cover', borderRadius: 4 }}
            />
          )}
          {n}
          {r.recipe.length > 0 && <Tag color="purple">配方</Tag>}
        </Space>
      ),
    },
    { title: '分类', dataIndex: 'category_name', width: 100 },
    {
      title: '规格 / 售价 / 会员价 / 成本（元）',
      dataIndex: 'skus',
      render: (skus: GoodsRow['skus']) =>
        skus.map((s) => (
          <div key={s.id}>
            {s.spec || '默认'}：{fenToYuan(s.price_fen)} / {fenToYuan(s.member_price_fen)} /{' '}
            {fenToYuan(s.cost_fen)}
          </div>
        )),
    },
    {
      title: '库存',
      dataIndex: 'skus',
      width: 120,
      render: (skus: GoodsRow['skus'], r) =>
        !r.track_stock
          ? '不管理'
          : r.recipe.length
            ? '按原料'
            : skus.map((s) => (
                <div
                  key={s.id}
                  style={{ color: r.low_stock > 0 && s.qty <= r.low_stock ? '#cf1322' : undefined }}
                >
                  {s.qty}
                  {r.unit}
                </div>
              )),
    },
    {
      title: '状态',
      dataIndex: 'shelf_status',
      width: 80,
      render: (s: 1 | 2) => <Tag color={s === 1 ? 'green' : 'default'}>{SHELF_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '操作',
      width: 200,
      render: (_, r) => (
        <CrudActions
          onEdit={() => modal.edit(r)}
          extra={
            <Button type="link" size="small" onClick={() => shelf([r.id], r.shelf_status === 1 ? 2 : 1)}>
              {r.shelf_status === 1 ? '下架' : '上架'}
            </Button>
          }
          onDelete={() => remove.mutate(r.id)}
          confirm="确定删除该商品？"
        />
      ),
    },
  ];

  return (
    <>
      <PageTable<GoodsRow>
        title="商品列表"
        queryKey={goodsKeys.goods()}
        fetcher={fetchGoods}
        columns={columns}
        rowKey="id"
        onExport={exportGoods}
        filterFields={
          <>
            <Form.Item name="keyword">
              <Input aria-label="商品名称或条码" placeholder="商品名称或条码" allowClear />
            </Form.Item>
            <Form.Item name="category_id">
              <FilterSelect
                placeholder="商品分类"
                loader={async () =>
                  (await qc.fetchQuery(categoryOptionsQuery())).list.map((c) => ({
                    value: c.id,
                    label: c.name,
                  }))
                }
              />
            </Form.Item>
            <Form.Item name="shelf_status">
              <Select
                aria-label="上架状态"
                placeholder="上架状态"
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 1, label: '上架' },
                  { value: 2, label: '下架' },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <>
            <Button onClick={() => setBatchOpen(true)}>批量上下架</Button>
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              导入
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={modal.add}>
              新增商品
            </Button>
          </>
        }
      />
      <GoodsFormModal state={modal.state} onClose={modal.close} />
      <Modal
        title="批量上下架"
        open={batchOpen}
        onCancel={() => setBatchOpen(false)}
        okButtonProps={{ disabled: !selected.length }}
        confirmLoading={shelfMutation.isPending}
        onOk={() => shelf(selected, batchStatus, () => setBatchOpen(false))}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <FilterSelect
            mode="multiple"
            placeholder="选择商品"
            style={{ width: '100%' }}
            value={selected as unknown as number}
            onChange={(v) => setSelected((v as unknown as number[]) ?? [])}
            loader={async () =>
              (await qc.fetchQuery(goodsOptionsQuery())).list.map((g) => ({
                value: g.id,
                label: `${g.name}（${SHELF_STATUS_LABELS[g.shelf_status]}）`,
              }))
            }
          />
          <Radio.Group
            value={batchStatus}
            onChange={(e) => setBatchStatus(e.target.value)}
            options={[
              { value: 1, label: '上架' },
              { value: 2, label: '下架' },
            ]}
          />
        </Space>
      </Modal>
      <GoodsImportModal open={importOpen} onClose={() => setImportOpen(false)} />
    </>
  );
}
