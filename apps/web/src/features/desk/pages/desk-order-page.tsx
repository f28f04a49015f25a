import {
  DESK_PAY_METHOD_LABEL,
  DESK_SESSION_STATUS_LABEL,
  DESK_SESSION_STATUSES,
  type DeskOrderRow,
  fenToYuan,
} from '@netbar/contract';
import { Form, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { ChoiceFilter } from '../../../components/list-filters';
import { nowrap } from '../../../components/nowrap';
import { PageTable } from '../../../components/page-table';
import {
  CashierFilter,
  filteredCalls,
  openColumn,
  PeriodFilter,
  type PeriodFilters,
  periodParams,
  totalsSummary,
} from '../../../components/period-list';
import {
  cashierOptions,
  type DeskOrdersAnswer,
  deskOptions,
  exportOrders,
  fetchOrders,
} from '../api/desk-api';
import { deskKeys } from '../api/desk-keys';
import { DeskOrderDrawer } from '../components/desk-order-drawer';

type Filters = PeriodFilters & { desk_id?: number; status?: string; cashier_id?: number };
const yuan = (f: number) => fenToYuan(f);

/** /order/desk_order_list (265): table orders with filters, 合计 over the filter, export and detail. */
export default function DeskOrderPage() {
  const [open, setOpen] = useState<number | null>(null);
  const columns: TableColumnsType<DeskOrderRow> = [
    { title: '单号', dataIndex: 'session_no', width: 170 },
    { title: '包间/桌台', dataIndex: 'desk_name' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: DeskOrderRow['status']) => (
        <Tag color={s === 'open' ? 'blue' : s === 'settled' ? 'green' : 'default'}>
          {DESK_SESSION_STATUS_LABEL[s]}
        </Tag>
      ),
    },
    { title: '顾客', key: 'who', render: (_: unknown, r) => r.member_name || r.customer_name || '散客' },
    { title: '开台', dataIndex: 'opened_at', render: nowrap },
    { title: '时长(分钟)', dataIndex: 'minutes', align: 'right' },
    { title: '时长费(元)', dataIndex: 'time_fee_fen', align: 'right', render: yuan },
    { title: '低消补足(元)', dataIndex: 'min_topup_fen', align: 'right', render: yuan },
    { title: '商品(元)', dataIndex: 'goods_fen', align: 'right', render: yuan },
    { title: '合计(元)', dataIndex: 'total_fen', align: 'right', render: yuan },
    {
      title: '支付',
      dataIndex: 'pay_method',
      render: (m: DeskOrderRow['pay_method']) => (m ? DESK_PAY_METHOD_LABEL[m] : '—'),
    },
    { title: '收银员', dataIndex: 'cashier_name' },
    openColumn('详情', setOpen),
  ];
  return (
    <>
      <PageTable<DeskOrderRow, Filters>
        title="桌台订单"
        queryKey={deskKeys.orders()}
        {...filteredCalls(periodParams<Filters>, fetchOrders, exportOrders)}
        columns={columns}
        rowKey="id"
        summary={totalsSummary<DeskOrdersAnswer['totals'], DeskOrderRow>((t) => [
          '',
          '',
          '',
          '',
          '',
          yuan(t.time_fee_fen),
          yuan(t.min_topup_fen),
          yuan(t.goods_fen),
          yuan(t.total_fen),
          '',
          '',
          '',
        ])}
        filterFields={
          <>
            <PeriodFilter label="开台日期" />
            <Form.Item name="desk_id">
              <FilterSelect placeholder="包间/桌台" loader={deskOptions} />
            </Form.Item>
            <ChoiceFilter
              name="status"
              label="状态"
              options={DESK_SESSION_STATUSES.map((s) => ({ value: s, label: DESK_SESSION_STATUS_LABEL[s] }))}
            />
            <CashierFilter loader={cashierOptions} />
          </>
        }
      />
      <DeskOrderDrawer id={open} onClose={() => setOpen(null)} />
    </>
  );
}
