import {
  bpToPercent,
  fenToYuan,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethodKind,
  type ProfitRecord,
  type ProfitTotals,
  shanghaiDate,
  UserType,
} from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Select, Space, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ChoiceFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import {
  filteredCalls,
  PeriodFilter,
  type PeriodFilters,
  periodParams,
  totalsSummary,
} from '../../../components/period-list';
import { useAppState } from '../../../lib/app-state';
import { exportProfit, fetchProfit, fetchProfitAgents, profitKeys } from '../api/payment-profit-api';
import { ProfitDetailDrawer } from '../components/profit-detail-drawer';

type Filters = PeriodFilters & { method?: PaymentMethodKind; agent_id?: number };
const yuan = (fen: number) => fenToYuan(fen);
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }));
const today = dayjs(shanghaiDate());
const INITIAL: Filters = { period: [today.subtract(29, 'day'), today] };

function AgentFilter() {
  const agents = useQuery({ queryKey: profitKeys.agents(), queryFn: fetchProfitAgents });
  return (
    <Form.Item name="agent_id">
      <Select
        aria-label="代理商"
        placeholder="代理商"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 180 }}
        options={agents.data ?? []}
      />
    </Form.Item>
  );
}

/**
 * 支付分润 (decision 171): /myWallet/paymentProfit (196) for an agent and its staff, and
 * /merchantManage/payment_profit (6140) for the payment company across agents — the daily settlement
 * records per netbar and method, 合计 over the filter, the payments behind a record, export.
 */
export default function PaymentProfitPage() {
  const payCompany = useAppState((st) => st.user?.type === UserType.PayCompany);
  const [open, setOpen] = useState<ProfitRecord | null>(null);
  const columns: TableColumnsType<ProfitRecord> = [
    { title: '结算日期', dataIndex: 'day', width: 110 },
    ...(payCompany ? [{ title: '代理商', dataIndex: 'agent_name' }] : []),
    { title: '网吧', dataIndex: 'netbar_name' },
    {
      title: '支付方式',
      dataIndex: 'method',
      width: 90,
      render: (m: PaymentMethodKind) => PAYMENT_METHOD_LABELS[m],
    },
    { title: '支付笔数', dataIndex: 'pay_count', align: 'right', width: 90 },
    { title: '支付金额(元)', dataIndex: 'pay_fen', align: 'right', render: yuan },
    {
      title: '退款(元)',
      dataIndex: 'refund_fen',
      align: 'right',
      render: (v: number, r) =>
        r.carried_refund_count ? (
          <span title={r.note}>
            {yuan(v)}
            <Typography.Text type="warning"> 含结转</Typography.Text>
          </span>
        ) : (
          yuan(v)
        ),
    },
    { title: '结算金额(元)', dataIndex: 'net_fen', align: 'right', render: yuan },
    {
      title: '手续费(元)',
      dataIndex: 'fee_fen',
      align: 'right',
      render: (v: number, r) => <span title={`手续费率 ${bpToPercent(r.fee_rate_bp)}`}>{yuan(v)}</span>,
    },
    {
      title: '分润(元)',
      dataIndex: 'profit_fen',
      align: 'right',
      render: (v: number, r) => (
        <span title={`手续费的 ${bpToPercent(r.share_bp)}`}>
          <Typography.Text strong>{yuan(v)}</Typography.Text>
        </span>
      ),
    },
    {
      title: '操作',
      key: 'ops',
      width: 80,
      render: (_, r) => (
        <Button type="link" size="small" onClick={() => setOpen(r)}>
          明细
        </Button>
      ),
    },
  ];
  const lead = payCompany ? 2 : 1;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="分润规则"
        description={
          payCompany
            ? '各代理商名下网吧的扫码支付按自然日（北京时间）结算：结算金额 = 当日支付 − 退款，手续费按平台设定的费率计算，代理商分得手续费的设定比例。'
            : '您名下网吧的扫码支付按自然日（北京时间）于次日结算：结算金额 = 当日支付 − 退款，手续费按平台设定的费率计算，您分得手续费的设定比例，分润于结算时计入钱包余额（资金管理中的“支付分润”）。结算后发生的退款计入下一次结算。'
        }
      />
      <PageTable<ProfitRecord, Filters>
        title="支付分润"
        queryKey={profitKeys.records()}
        {...filteredCalls(periodParams<Filters>, fetchProfit, exportProfit)}
        initialFilters={INITIAL}
        columns={columns}
        rowKey="id"
        filterFormName="payment-profit-filter"
        filterFields={
          <>
            <PeriodFilter label="结算日期" />
            {payCompany ? <AgentFilter /> : null}
            <ChoiceFilter name="method" label="支付方式" width={120} options={METHOD_OPTIONS} />
          </>
        }
        summary={totalsSummary<ProfitTotals, ProfitRecord>((t) => [
          ...Array.from({ length: lead + 1 }, () => ''),
          t.pay_count,
          yuan(t.pay_fen),
          yuan(t.refund_fen),
          yuan(t.net_fen),
          yuan(t.fee_fen),
          yuan(t.profit_fen),
          '',
        ])}
      />
      <ProfitDetailDrawer record={open} onClose={() => setOpen(null)} />
    </Space>
  );
}
