import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { PAY_PROVIDER_LABELS, type PaymentMethodRow } from '@netbar/contract';
import { Button, Popconfirm, Space, Switch, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import {
  useDeletePaymentMethod,
  useEnablePaymentMethod,
  useSavePaymentSort,
} from '../api/payment-method-mutations';

const sameOrder = (a: PaymentMethodRow[], b: PaymentMethodRow[]) =>
  a.length === b.length && a.every((m, i) => m.id === b[i]?.id);

/**
 * The store's methods in their order: 上移/下移 change the order locally, 保存排序 sends it
 * (edit_payment_sort with every method once), 还原 drops it. `readOnly` for another store of the chain.
 */
export function MethodTable({
  list,
  readOnly,
  onEdit,
}: {
  list: PaymentMethodRow[];
  readOnly: boolean;
  onEdit: (row: PaymentMethodRow) => void;
}) {
  const [order, setOrder] = useState(list);
  useEffect(() => setOrder(list), [list]);
  const dirty = !sameOrder(order, list);
  const enable = useEnablePaymentMethod();
  const del = useDeletePaymentMethod({ success: '删除成功' });
  const sort = useSavePaymentSort({ success: '排序已保存' });
  const move = (i: number, by: -1 | 1) =>
    setOrder((o) => {
      const next = [...o];
      const [x] = next.splice(i, 1);
      next.splice(i + by, 0, x!);
      return next;
    });

  const columns: TableColumnsType<PaymentMethodRow> = [
    { title: '顺序', key: 'pos', width: 64, render: (_, __, i) => i + 1 },
    { title: '显示名称', dataIndex: 'name' },
    { title: '支付类型', dataIndex: 'type_label' },
    {
      title: '支付通道',
      dataIndex: 'provider',
      render: (p: PaymentMethodRow['provider']) => PAY_PROVIDER_LABELS[p],
    },
    {
      title: '使用场景',
      key: 'scenes',
      render: (_, m) => (
        <Space size={4}>
          {m.cashier && <Tag color="blue">收银台</Tag>}
          {m.client && <Tag color="cyan">客户端</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (on: boolean, m) => (
        <Switch
          checked={on}
          disabled={readOnly}
          checkedChildren="启用"
          unCheckedChildren="停用"
          aria-label={`${m.name}启用`}
          onChange={(enabled) => enable.mutate({ id: m.id, enabled })}
        />
      ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 260,
      render: (_, m, i) => (
        <Space size={0}>
          <Tooltip title="上移">
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              aria-label={`上移${m.name}`}
              disabled={readOnly || i === 0}
              onClick={() => move(i, -1)}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              aria-label={`下移${m.name}`}
              disabled={readOnly || i === order.length - 1}
              onClick={() => move(i, 1)}
            />
          </Tooltip>
          <Button type="link" size="small" disabled={readOnly} onClick={() => onEdit(m)}>
            编辑
          </Button>
          {m.enabled || m.pay_type === 'cash' ? (
            <Tooltip title={m.pay_type === 'cash' ? '现金不可删除，可以停用' : '请先停用再删除'}>
              <Button type="link" size="small" disabled>
                删除
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={`删除支付方式“${m.name}”？`}
              okText="删除"
              cancelText="取消"
              onConfirm={() => del.mutate(m.id)}
            >
              <Button type="link" size="small" danger disabled={readOnly}>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<PaymentMethodRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={order}
        pagination={false}
        locale={{ emptyText: '暂无数据' }}
      />
      {dirty && (
        <Space style={{ marginTop: 12 }}>
          <Button type="primary" loading={sort.isPending} onClick={() => sort.mutate(order.map((m) => m.id))}>
            保存排序
          </Button>
          <Button onClick={() => setOrder(list)}>还原</Button>
        </Space>
      )}
    </>
  );
}
