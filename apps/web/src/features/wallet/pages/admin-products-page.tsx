import { PlusOutlined } from '@ant-design/icons';
import { fenToYuan, type ProductRow } from '@netbar/contract';
import { Button, Card, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useProducts } from '../api/wallet-queries';
import { ProductModal, type ProductState } from '../components/product-modal';

/** /admin/products: product editions and their price per machine per month. */
export default function AdminProductsPage() {
  const [editing, setEditing] = useState<ProductState>(null);
  const q = useProducts();
  const columns: TableColumnsType<ProductRow> = [
    { title: '产品', dataIndex: 'name', render: (v: string) => <b>{v}</b> },
    {
      title: '单价（元/台/月）',
      dataIndex: 'price_fen',
      align: 'right',
      render: (v: number) => fenToYuan(v),
    },
    { title: '说明', dataIndex: 'description', render: (v: string) => v || '—' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <Tag color={s === 1 ? 'green' : 'default'}>{s === 1 ? '上架' : '停用'}</Tag>,
    },
    {
      title: '操作',
      key: 'action',
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', row: r })}>
          修改定价
        </Button>
      ),
    },
  ];
  return (
    <Card
      title="产品定价"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
          新增产品
        </Button>
      }
    >
      <p style={{ color: '#666', marginTop: 0 }}>
        续费金额 = 单价 × 网吧机器数 × 月数；修改单价只影响之后创建的续费订单。
      </p>
      <Table<ProductRow>
        rowKey="id"
        columns={columns}
        dataSource={q.data ?? []}
        loading={q.isFetching}
        pagination={false}
      />
      <ProductModal state={editing} onClose={() => setEditing(null)} onDone={() => setEditing(null)} />
    </Card>
  );
}
