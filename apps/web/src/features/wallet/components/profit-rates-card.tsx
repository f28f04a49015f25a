import {
  bpToPercent,
  PAYMENT_METHOD_LABELS,
  PROFIT_FEE_RATE_MAX_BP,
  type ProfitRate,
} from '@netbar/contract';
import { Button, Card, InputNumber, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSaveProfitRate } from '../api/wallet-mutations';
import { useProfitRates } from '../api/wallet-queries';

type Draft = { fee?: number | null; share?: number | null };

/**
 * 支付分润费率 (decision 171): per payment method, the fee rate on the netbars' net scan volume and the
 * agent's share of that fee, both in % on the form and 万分之 on the wire. A change applies to the days
 * settled after it; settled records keep their rates.
 */
export function ProfitRatesCard() {
  const q = useProfitRates();
  const save = useSaveProfitRate({ success: '保存成功' });
  const [draft, setDraft] = useState<Record<string, Draft>>({});
  const value = (r: ProfitRate, k: keyof Draft, bp: number) => {
    const d = draft[r.method]?.[k];
    return d === undefined ? bp / 100 : d;
  };
  const put = (r: ProfitRate, k: keyof Draft, v: number | null) =>
    setDraft((x) => ({ ...x, [r.method]: { ...x[r.method], [k]: v } }));
  const submit = (r: ProfitRate) => {
    const fee = value(r, 'fee', r.fee_rate_bp);
    const share = value(r, 'share', r.share_bp);
    save.mutate(
      {
        method: r.method,
        fee_rate_bp: fee == null ? Number.NaN : Math.round(fee * 100),
        share_bp: share == null ? Number.NaN : Math.round(share * 100),
      },
      { onSuccess: () => setDraft((x) => ({ ...x, [r.method]: {} })) },
    );
  };
  const columns: TableColumnsType<ProfitRate> = [
    { title: '支付方式', dataIndex: 'method', render: (m: ProfitRate['method']) => PAYMENT_METHOD_LABELS[m] },
    {
      title: '手续费率',
      key: 'fee',
      render: (_, r) => (
        <InputNumber
          aria-label={`${PAYMENT_METHOD_LABELS[r.method]}手续费率`}
          min={0}
          max={PROFIT_FEE_RATE_MAX_BP / 100}
          precision={2}
          step={0.01}
          suffix="%"
          style={{ width: 120 }}
          value={value(r, 'fee', r.fee_rate_bp)}
          onChange={(v) => put(r, 'fee', v)}
        />
      ),
    },
    {
      title: '代理商分润比例（占手续费）',
      key: 'share',
      render: (_, r) => (
        <InputNumber
          aria-label={`${PAYMENT_METHOD_LABELS[r.method]}分润比例`}
          min={0}
          max={100}
          precision={2}
          step={1}
          suffix="%"
          style={{ width: 120 }}
          value={value(r, 'share', r.share_bp)}
          onChange={(v) => put(r, 'share', v)}
        />
      ),
    },
    {
      title: '分润占流水',
      key: 'eff',
      render: (_, r) => bpToPercent((r.fee_rate_bp * r.share_bp) / 10000),
    },
    {
      title: '最后修改',
      key: 'by',
      render: (_, r) => (r.updated_at ? `${r.updated_by} ${r.updated_at}` : '默认'),
    },
    {
      title: '操作',
      key: 'ops',
      render: (_, r) => (
        <Button type="link" size="small" loading={save.isPending} onClick={() => submit(r)}>
          保存
        </Button>
      ),
    },
  ];
  return (
    <Card title="支付分润费率" size="small">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span style={{ color: '#666' }}>
          代理商名下网吧的扫码支付每日结算：手续费 = 结算金额 × 手续费率，代理商分润 = 手续费 ×
          分润比例；修改后从下一次结算起生效。
        </span>
        <Table<ProfitRate>
          rowKey="method"
          size="small"
          pagination={false}
          loading={q.isLoading}
          columns={columns}
          dataSource={q.data ?? []}
        />
      </Space>
    </Card>
  );
}
