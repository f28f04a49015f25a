import {
  fenToYuan,
  LEASE_FILTER_STATUS_LABELS,
  LEASE_FILTER_STATUSES,
  type LeaseOrderRow,
} from '@netbar/contract';
import { Button, DatePicker, Form, Space, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { nowrap } from '../../../components/nowrap';
import { PageTable } from '../../../components/page-table';
import { TotalsRow } from '../../../components/totals-row';
import {
  cashierOptions,
  exportOrders,
  fetchOrders,
  itemOptions,
  type LeaseOrderPage,
} from '../api/lease-api';
import { leaseKeys } from '../api/lease-keys';
import { LostModal, ReturnModal } from './close-lease-modals';
import { useLeaseGrants } from './lease-grants';
import { LeaseOrderDrawer } from './lease-order-drawer';
import { LeaseStatusTag } from './lease-status-tag';

type Filters = {
  period?: [Dayjs, Dayjs];
  status?: string;
  item_id?: number;
  cashier_id?: number;
  keyword?: string;
};
const toParams = ({ period, ...f }: Filters) => ({
  ...f,
  date_from: period?.[0]?.format('YYYY-MM-DD'),
  date_to: period?.[1]?.format('YYYY-MM-DD'),
});
const yuan = (f: number) => fenToYuan(f);

/**
 * Lease orders with filters, the 合计 row, export and detail; a lease still out gets 归还 and 丢失/损坏
 * (for the counter's grants; export with 263 or 10519).
 * Overdue leases (租用中 past the expected return) are highlighted. `status` fixes the list (租用中 tab).
 */
export function LeaseOrderTable({ title, status }: { title: string; status?: 'renting' }) {
  const can = useLeaseGrants();
  const [open, setOpen] = useState<number | null>(null);
  const [returning, setReturning] = useState<LeaseOrderRow | null>(null);
  const [losing, setLosing] = useState<LeaseOrderRow | null>(null);
  const columns: TableColumnsType<LeaseOrderRow> = [
    { title: '租赁单号', dataIndex: 'lease_no', width: 170 },
    { title: '状态', key: 'status', width: 90, render: (_: unknown, r) => <LeaseStatusTag row={r} /> },
    { title: '物品', key: 'item', render: (_: unknown, r) => `${r.item_name} × ${r.qty}` },
    {
      title: '租用人',
      key: 'who',
      render: (_: unknown, r) => r.member_name || r.customer_name || r.customer_phone || '散客',
    },
    { title: '租出时间', dataIndex: 'rented_at', render: nowrap },
    {
      title: '预计归还',
      dataIndex: 'expected_return_at',
      render: (v: string, r) => (
        <span
          style={{
            whiteSpace: 'nowrap',
            ...(r.overdue && r.status === 'renting' ? { color: '#cf1322', fontWeight: 600 } : {}),
          }}
        >
          {v}
        </span>
      ),
    },
    { title: '押金(元)', dataIndex: 'deposit_fen', align: 'right', render: yuan },
    { title: '租金(元)', dataIndex: 'fee_fen', align: 'right', render: yuan },
    { title: '退还(元)', dataIndex: 'refund_fen', align: 'right', render: yuan },
    { title: '收银员', dataIndex: 'cashier_name' },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 190,
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpen(r.id)}>
            详情
          </Button>
          {r.status === 'renting' && can.counter && (
            <>
              <Button type="link" size="small" onClick={() => setReturning(r)}>
                归还
              </Button>
              <Button type="link" size="small" danger onClick={() => setLosing(r)}>
                丢失/损坏
              </Button>
            </>
          )}
        </Space>
      ),
    },
  ];
  const fixed = status ? { status } : {};
  return (
    <>
      <style>{'.lease-overdue > td { background: #fff1f0 !important; }'}</style>
      <PageTable<LeaseOrderRow, Filters>
        title={title}
        queryKey={leaseKeys.orders(status ?? 'all')}
        fetcher={({ page, page_size, after, ...f }) =>
          fetchOrders({ page, page_size, after, ...toParams(f), ...fixed })
        }
        columns={columns}
        rowKey="id"
        onExport={can.exportOrders ? (f) => exportOrders({ ...toParams(f), ...fixed }) : undefined}
        rowClassName={(r) => (r.status === 'renting' && r.overdue ? 'lease-overdue' : '')}
        summary={(p) => {
          const t = (p as LeaseOrderPage).totals;
          if (!t) return null;
          return (
            <TotalsRow
              cells={[
                '',
                `${t.qty}件`,
                '',
                '',
                '',
                yuan(t.deposit_fen),
                yuan(t.fee_fen),
                yuan(t.refund_fen),
                '',
                '',
              ]}
            />
          );
        }}
        filterFields={
          <>
            <Form.Item name="period">
              <DatePicker.RangePicker aria-label="租出日期" placeholder={['开始日期', '结束日期']} />
            </Form.Item>
            {!status && (
              <ChoiceFilter
                name="status"
                label="状态"
                width={110}
                options={LEASE_FILTER_STATUSES.map((s) => ({
                  value: s,
                  label: LEASE_FILTER_STATUS_LABELS[s],
                }))}
              />
            )}
            <Form.Item name="item_id">
              <FilterSelect placeholder="租赁物品" loader={itemOptions} />
            </Form.Item>
            <Form.Item name="cashier_id">
              <FilterSelect placeholder="收银员" loader={cashierOptions} />
            </Form.Item>
            <KeywordFilter label="单号、租用人或手机号" width={200} />
          </>
        }
      />
      <LeaseOrderDrawer id={open} onClose={() => setOpen(null)} />
      <ReturnModal lease={returning} onClose={() => setReturning(null)} />
      <LostModal lease={losing} onClose={() => setLosing(null)} />
    </>
  );
}
