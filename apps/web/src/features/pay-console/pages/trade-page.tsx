import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_PURPOSE_LABELS,
  PAYMENT_STATUSES,
  REFUND_REQUEST_STATUSES,
  type RefundRequestRow,
  type TradeRow,
} from '@netbar/contract';
import { Button, DatePicker, Form, Input, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ChoiceFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { TotalsRow } from '../../../components/totals-row';
import {
  exportTrades,
  fetchRequests,
  fetchTrades,
  type TradeFilters,
  type TradePager,
} from '../api/pay-console-api';
import { payConsoleKeys } from '../api/pay-console-keys';
import { useTradeStores } from '../api/pay-console-queries';
import { RequestActions } from '../components/request-actions';
import { TradeDetailDrawer } from '../components/trade-detail-drawer';
import { methodLabel, PaymentStatusTag, RequestTag, yuan } from '../components/trade-labels';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const STATUS_OPTIONS = PAYMENT_STATUSES.map((s) => ({ value: s, label: s }));
const REQUEST_OPTIONS = REFUND_REQUEST_STATUSES.map((s) => ({ value: s, label: `退款申请${s}` }));
const AMOUNT_RULE = { pattern: /^\d{1,7}(\.\d{1,2})?$/, message: '金额须为最多两位小数的非负数' };

function TradeSearch({ onOpen }: { onOpen: (no: string) => void }) {
  const stores = useTradeStores();
  const columns: TableColumnsType<TradeRow> = [
    {
      title: '支付单号',
      dataIndex: 'payment_no',
      render: (no: string, r) => (
        <>
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(no)}>
            {no}
          </Button>
          <div>
            <Typography.Text type="secondary">{r.provider_txn_id ?? '-'}</Typography.Text>
          </div>
        </>
      ),
    },
    { title: '门店', dataIndex: 'netbar_name' },
    {
      title: '用途/方式',
      key: 'what',
      render: (_, r) => `${PAYMENT_PURPOSE_LABELS[r.purpose]} · ${methodLabel(r.method)}`,
    },
    { title: '金额', dataIndex: 'amount_fen', align: 'right', render: yuan },
    {
      title: '已退款',
      dataIndex: 'refunded_fen',
      align: 'right',
      render: (v: number) => (v ? yuan(v) : '-'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: TradeRow['status'], r) => (
        <>
          <PaymentStatusTag status={s} />
          <RequestTag status={r.request_status} />
        </>
      ),
    },
    { title: '创建时间', dataIndex: 'created_at', width: 170 },
    {
      title: '操作',
      key: 'ops',
      width: 70,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => onOpen(r.payment_no)}>
          详情
        </Button>
      ),
    },
  ];
  return (
    <PageTable<TradeRow, TradeFilters>
      queryKey={payConsoleKeys.trades()}
      fetcher={fetchTrades}
      columns={columns}
      rowKey="payment_no"
      size="small"
      filterFormName="trade-filter"
      filterFields={
        <>
          <Form.Item name="no">
            <Input
              aria-label="支付单号/通道交易号"
              placeholder="支付单号/通道交易号"
              allowClear
              style={{ width: 230 }}
            />
          </Form.Item>
          <ChoiceFilter
            name="netbar_id"
            label="门店"
            width={160}
            options={(stores.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          />
          <ChoiceFilter name="method" label="支付方式" width={110} options={METHOD_OPTIONS} />
          <ChoiceFilter name="status" label="支付状态" width={110} options={STATUS_OPTIONS} />
          <ChoiceFilter name="request_status" label="退款申请" width={150} options={REQUEST_OPTIONS} />
          <Form.Item name="period">
            <DatePicker.RangePicker aria-label="创建日期" placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <Form.Item name="min_amount" rules={[AMOUNT_RULE]}>
            <Input aria-label="最小金额" placeholder="最小金额(元)" allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="max_amount" rules={[AMOUNT_RULE]}>
            <Input aria-label="最大金额" placeholder="最大金额(元)" allowClear style={{ width: 120 }} />
          </Form.Item>
        </>
      }
      onExport={exportTrades}
      summary={(p) => {
        const t = (p as TradePager).totals;
        return t ? (
          <TotalsRow cells={[`${t.count} 笔`, '', yuan(t.amount_fen), yuan(t.refunded_fen), '', '', '']} />
        ) : null;
      }}
    />
  );
}

function RequestQueue({ onOpen }: { onOpen: (no: string) => void }) {
  const columns: TableColumnsType<RefundRequestRow> = [
    { title: '申请时间', dataIndex: 'created_at', width: 170 },
    { title: '门店', dataIndex: 'netbar_name' },
    {
      title: '支付单号',
      dataIndex: 'payment_no',
      render: (no: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(no)}>
          {no}
        </Button>
      ),
    },
    { title: '支付金额', dataIndex: 'payment_amount_fen', align: 'right', render: yuan },
    { title: '申请退款', dataIndex: 'amount_fen', align: 'right', render: yuan },
    { title: '原因', dataIndex: 'reason' },
    { title: '申请人', dataIndex: 'requested_by_name' },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: RefundRequestRow['status'], r) => (
        <span title={r.reject_reason || r.refund_no || undefined}>
          <RequestTag status={s} />
        </span>
      ),
    },
    { title: '操作', key: 'ops', width: 110, render: (_, r) => <RequestActions request={r} /> },
  ];
  return (
    <PageTable<RefundRequestRow, { status?: string }>
      queryKey={payConsoleKeys.requests()}
      fetcher={fetchRequests}
      columns={columns}
      rowKey="id"
      size="small"
      filterFormName="refund-request-filter"
      initialFilters={{ status: '待审核' }}
      filterFields={<ChoiceFilter name="status" label="状态" width={120} options={REQUEST_OPTIONS} />}
    />
  );
}

/**
 * 交易查询 (/merchantManage/trade 6150, decision 172): the payment company's search of every store's
 * payments (keyset pages, 合计, export), one payment's notifications and refunds in a drawer, and the
 * stores' refund requests to approve (refunded through the provider) or reject with a reason.
 */
export default function TradePage() {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        交易查询
      </Typography.Title>
      <Tabs
        items={[
          { key: 'trades', label: '交易查询', children: <TradeSearch onOpen={setOpen} /> },
          { key: 'requests', label: '退款申请', children: <RequestQueue onOpen={setOpen} /> },
        ]}
      />
      <TradeDetailDrawer no={open} onClose={() => setOpen(null)} />
    </>
  );
}
