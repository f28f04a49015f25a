import {
  fenToYuan,
  ORDER_PAY_METHOD_LABELS,
  ORDER_PAY_METHODS,
  ORDER_SOURCE_LABELS,
  ORDER_SOURCES,
  ORDER_STATUS_NAMES,
  ORDER_STATUSES,
  type OrderListPage,
  type OrderListRow,
  PERM,
  UserType,
} from '@netbar/contract';
import { Form, Input, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { ChoiceFilter } from '../../../components/list-filters';
import { clipped, nowrap } from '../../../components/nowrap';
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
import { useAppState } from '../../../lib/app-state';
import { authPathIds } from '../../../lib/user';
import { cashierOptions, exportOrders, fetchOrders, skuOptions } from '../api/order-list-api';
import { orderListKeys } from '../api/order-list-keys';
import { OrderDetailDrawer } from '../components/order-detail-drawer';
import { OrderStatusTag } from '../components/order-status-tag';

type Filters = PeriodFilters & {
  status?: string;
  source?: string;
  pay_method?: string;
  cashier_id?: number;
  member?: string;
  sku_id?: number;
  order_no?: string;
};
const toParams = ({ member, order_no, ...f }: Filters) =>
  periodParams({ ...f, member: member?.trim() || undefined, order_no: order_no?.trim() || undefined });
const yuan = (f: number) => fenToYuan(f);
const label = <T extends string>(all: readonly T[], names: Record<T, string>) =>
  all.map((v) => ({ value: v, label: names[v] }));

/** /order/order_list (264): shopping orders with filters, the 合计 of the whole filter, detail, refund, export. */
export default function ShoppingOrderPage() {
  const [open, setOpen] = useState<number | null>(null);
  const user = useAppState((s) => s.user);
  const canRefund = user?.type === UserType.Netbar || authPathIds(user).includes(PERM.ORDER_REFUND);
  const columns: TableColumnsType<OrderListRow> = [
    { title: '订单号', dataIndex: 'order_no', render: nowrap },
    { title: '下单时间', dataIndex: 'created_at', render: nowrap },
    {
      title: '来源',
      dataIndex: 'source',
      width: 90,
      render: (s: OrderListRow['source']) => ORDER_SOURCE_LABELS[s] ?? s,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: OrderListRow['status']) => <OrderStatusTag status={s} />,
    },
    { title: '商品', dataIndex: 'items', render: clipped(260) },
    { title: '件数', dataIndex: 'qty', align: 'right', width: 60 },
    { title: '应收(元)', dataIndex: 'total_fen', align: 'right', render: yuan },
    { title: '实付(元)', dataIndex: 'paid_fen', align: 'right', render: yuan },
    { title: '已退(元)', dataIndex: 'refunded_fen', align: 'right', render: yuan },
    {
      title: '支付方式',
      dataIndex: 'pay_methods',
      render: (l: OrderListRow['pay_methods']) =>
        l.map((m) => ORDER_PAY_METHOD_LABELS[m] ?? m).join('+') || '—',
    },
    {
      title: '会员',
      key: 'member',
      render: (_: unknown, r) =>
        r.member_name ? `${r.member_name}${r.member_card ? `（${r.member_card}）` : ''}` : '—',
    },
    { title: '座位', dataIndex: 'machine_name', render: (v: string) => v || '—' },
    { title: '收银员', dataIndex: 'cashier_name' },
    openColumn('详情', setOpen),
  ];
  return (
    <>
      <PageTable<OrderListRow, Filters>
        title="购物订单"
        queryKey={orderListKeys.list()}
        {...filteredCalls(toParams, fetchOrders, exportOrders)}
        columns={columns}
        rowKey="id"
        rowClassName={(r) => (r.status === 'unpaid' ? 'order-unpaid' : '')}
        summary={totalsSummary<OrderListPage['totals'], OrderListRow>((t) => [
          `${t.count}单`,
          '',
          '',
          '',
          '',
          yuan(t.total_fen),
          yuan(t.paid_fen),
          yuan(t.refunded_fen),
          `实收 ${yuan(t.net_fen)}`,
          '',
          '',
          '',
          '',
        ])}
        filterFields={
          <>
            <PeriodFilter label="下单日期" />
            <ChoiceFilter
              name="status"
              label="订单状态"
              width={110}
              options={label(ORDER_STATUSES, ORDER_STATUS_NAMES)}
            />
            <ChoiceFilter
              name="source"
              label="订单来源"
              width={110}
              options={label(ORDER_SOURCES, ORDER_SOURCE_LABELS)}
            />
            <ChoiceFilter
              name="pay_method"
              label="支付方式"
              width={110}
              options={label(ORDER_PAY_METHODS, ORDER_PAY_METHOD_LABELS)}
            />
            <CashierFilter loader={cashierOptions} />
            <Form.Item name="sku_id">
              <FilterSelect placeholder="商品" style={{ width: 200 }} loader={skuOptions} />
            </Form.Item>
            <Form.Item name="member">
              <Input
                aria-label="会员卡号或手机号"
                placeholder="会员卡号或手机号"
                allowClear
                style={{ width: 170 }}
              />
            </Form.Item>
            <Form.Item name="order_no">
              <Input aria-label="订单号" placeholder="订单号" allowClear style={{ width: 170 }} />
            </Form.Item>
          </>
        }
      />
      <OrderDetailDrawer id={open} onClose={() => setOpen(null)} canRefund={canRefund} />
    </>
  );
}
