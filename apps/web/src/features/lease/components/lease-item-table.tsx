import { fenToYuan, LEASE_PRICE_UNIT_LABELS, type LeaseItemRow } from '@netbar/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { AddButton, ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { useModeState } from '../../../components/use-mode-form';
import { fetchItems } from '../api/lease-api';
import { leaseKeys } from '../api/lease-keys';
import { useDeleteItem } from '../api/lease-mutations';
import { useLeaseGrants } from './lease-grants';
import { LeaseItemFormModal } from './lease-item-form-modal';
import { LeaseStockModal } from './lease-stock-modal';
import { RentModal } from './rent-modal';

/**
 * 租赁物品: deposit, price, on hand and out; 租出 for the counter; add/edit, 入库/报废 and delete (none out)
 * only with 设备租赁 10519.
 */
export function LeaseItemTable() {
  const can = useLeaseGrants();
  const modal = useModeState<LeaseItemRow>();
  const [stocking, setStocking] = useState<LeaseItemRow | null>(null);
  const [renting, setRenting] = useState<LeaseItemRow | null>(null);
  const del = useDeleteItem({ success: '删除成功' });
  const columns: TableColumnsType<LeaseItemRow> = [
    { title: '物品名称', dataIndex: 'name' },
    { title: '押金(元)', dataIndex: 'deposit_fen', align: 'right', render: (f: number) => fenToYuan(f) },
    {
      title: '租金',
      key: 'price',
      align: 'right',
      render: (_: unknown, r) => `¥${fenToYuan(r.price_fen)}/${r.price_unit === 'hour' ? '小时' : '次'}`,
    },
    {
      title: '计费方式',
      dataIndex: 'price_unit',
      render: (u: LeaseItemRow['price_unit']) => LEASE_PRICE_UNIT_LABELS[u],
    },
    { title: '在库', dataIndex: 'qty_on_hand', align: 'right' },
    { title: '租出', dataIndex: 'qty_out', align: 'right' },
    {
      title: '状态',
      dataIndex: 'enabled',
      render: (e: boolean) => (e ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
    },
    { title: '备注', dataIndex: 'remark' },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: can.manage ? 250 : 80,
      render: (_: unknown, r) => (
        <Space size={0}>
          {can.counter && (
            <Button
              type="link"
              size="small"
              disabled={!r.enabled || r.qty_on_hand < 1}
              onClick={() => setRenting(r)}
            >
              租出
            </Button>
          )}
          {can.manage && (
            <>
              <Button type="link" size="small" onClick={() => setStocking(r)}>
                入库/报废
              </Button>
              <Button type="link" size="small" onClick={() => modal.edit(r)}>
                编辑
              </Button>
              <Popconfirm
                title={`删除“${r.name}”？`}
                onConfirm={() => del.mutate(r.id)}
                okText="删除"
                cancelText="取消"
              >
                <Button type="link" size="small" danger disabled={r.qty_out > 0}>
                  删除
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageTable<LeaseItemRow>
        queryKey={leaseKeys.items()}
        fetcher={fetchItems}
        columns={columns}
        rowKey="id"
        toolbar={can.manage ? <AddButton onClick={modal.add}>新增物品</AddButton> : undefined}
        filterFields={
          <>
            <KeywordFilter label="物品名称" />
            <ChoiceFilter
              name="enabled"
              label="状态"
              options={[
                { value: '1', label: '启用' },
                { value: '0', label: '停用' },
              ]}
            />
          </>
        }
      />
      <LeaseItemFormModal state={modal.state} onClose={modal.close} />
      <LeaseStockModal item={stocking} onClose={() => setStocking(null)} />
      <RentModal item={renting} onClose={() => setRenting(null)} />
    </>
  );
}
