import { DownloadOutlined } from '@ant-design/icons';
import {
  fenToYuan,
  type ShiftSummaryCashier,
  type ShiftSummaryDay,
  type ShiftSummaryFigures,
  type ShiftSummaryMethod,
  UserType,
} from '@netbar/contract';
import { Alert, Button, Card, DatePicker, Empty, Segmented, Space, Table, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { FilterSelect } from '../../../components/filter-select';
import { TotalsRow } from '../../../components/totals-row';
import { useAppState } from '../../../lib/app-state';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { exportSummary, fetchCashiers } from '../api/shift-api';
import { useShiftSummary } from '../api/shift-queries';
import { OverShort, Yuan } from '../components/shift-figures';

const SummaryChart = lazy(() => import('../components/summary-chart'));

type Row = ShiftSummaryFigures & { key: string; label: string };
const FIGURES: [keyof ShiftSummaryFigures, string][] = [
  ['sale_fen', '商品销售'],
  ['refund_fen', '退款'],
  ['topup_fen', '会员充值'],
  ['lease_fen', '租赁'],
  ['desk_fen', '桌台'],
  ['petty_fen', '备用金'],
  ['cash_fen', '现金'],
  ['member_fen', '会员余额'],
  ['scan_fen', '扫码支付'],
  ['other_fen', '其他'],
  ['net_fen', '收支合计'],
];
const columnsFor = (first: string): TableColumnsType<Row> => [
  { title: first, dataIndex: 'label', fixed: 'left', width: 120 },
  { title: '交班数', dataIndex: 'shifts', align: 'right' },
  ...FIGURES.map(([k, title]) => ({
    title: `${title}(元)`,
    dataIndex: k,
    align: 'right' as const,
    render: (f: number) => <Yuan fen={f} strong={k === 'net_fen'} />,
  })),
  { title: '长款', dataIndex: 'over_fen', align: 'right', render: (f: number) => <OverShort fen={f} /> },
  { title: '短款', dataIndex: 'short_fen', align: 'right', render: (f: number) => <OverShort fen={f} /> },
];
const totalsCells = (t: ShiftSummaryFigures) => [
  t.shifts,
  ...FIGURES.map(([k]) => fenToYuan(t[k])),
  fenToYuan(t.over_fen),
  fenToYuan(t.short_fen),
];

const methodColumns: TableColumnsType<ShiftSummaryMethod> = [
  { title: '支付方式', dataIndex: 'label' },
  { title: '收入(元)', dataIndex: 'in_fen', align: 'right', render: (f: number) => <Yuan fen={f} /> },
  { title: '支出(元)', dataIndex: 'out_fen', align: 'right', render: (f: number) => <Yuan fen={-f} /> },
  { title: '净额(元)', dataIndex: 'net_fen', align: 'right', render: (f: number) => <Yuan fen={f} strong /> },
];

/**
 * /shift_management/shift_summary (239): the takings by day, cashier and payment method, with a chart.
 * Netbar staff get only their own figures from the server, so they get no cashier filter.
 */
export default function ShiftSummaryPage() {
  const ownOnly = useAppState((st) => st.user?.type === UserType.NetbarStaff);
  const [period, setPeriod] = useState<[Dayjs, Dayjs]>(() => [
    shanghaiNow().subtract(6, 'day'),
    shanghaiNow(),
  ]);
  const [cashier, setCashier] = useState<number | undefined>();
  const [by, setBy] = useState<'day' | 'cashier'>('day');
  const [exporting, setExporting] = useState(false);
  const params = {
    start: period[0].format('YYYY-MM-DD'),
    end: period[1].format('YYYY-MM-DD'),
    ...(cashier ? { cashier_id: cashier } : {}),
  };
  const q = useShiftSummary(params);
  const s = q.data;
  const rows: Row[] =
    by === 'day'
      ? (s?.by_day ?? []).map((d: ShiftSummaryDay) => ({ ...d, key: d.day, label: d.day }))
      : (s?.by_cashier ?? []).map((c: ShiftSummaryCashier) => ({
          ...c,
          key: String(c.cashier_id),
          label: c.cashier_name,
        }));
  const runExport = async () => {
    setExporting(true);
    try {
      await exportSummary({ ...params, by });
    } catch {
      // the request client has shown the reason
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={ownOnly ? '我的交班汇总' : '交班汇总'}
        extra={
          <Space wrap>
            <DatePicker.RangePicker
              aria-label="统计时段"
              allowClear={false}
              value={period}
              onChange={(v) => v?.[0] && v[1] && setPeriod([v[0], v[1]])}
              presets={[
                { label: '近7天', value: [shanghaiNow().subtract(6, 'day'), shanghaiNow()] },
                { label: '本月', value: [shanghaiNow().startOf('month'), shanghaiNow()] },
                { label: '近90天', value: [shanghaiNow().subtract(89, 'day'), shanghaiNow()] },
              ]}
            />
            {!ownOnly && (
              <FilterSelect
                placeholder="收银员"
                value={cashier}
                onChange={(v) => setCashier(v == null ? undefined : Number(v))}
                loader={async () => (await fetchCashiers()).map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={runExport}>
              导出
            </Button>
          </Space>
        }
      >
        {q.isError && <Alert type="error" showIcon title="加载交班汇总失败" />}
        {s && s.chart.x.length > 0 ? (
          <Suspense fallback={<div style={{ height: 320 }} />}>
            <SummaryChart chart={s.chart} />
          </Suspense>
        ) : (
          !q.isLoading && <Empty description="该时段暂无交班数据" />
        )}
      </Card>
      <Card
        title={
          <Segmented
            aria-label="汇总方式"
            value={by}
            onChange={(v) => setBy(v as 'day' | 'cashier')}
            options={[
              { value: 'day', label: '按日期' },
              { value: 'cashier', label: '按收银员' },
            ]}
          />
        }
      >
        <Table<Row>
          rowKey="key"
          size="small"
          columns={columnsFor(by === 'day' ? '日期' : '收银员')}
          dataSource={rows}
          loading={q.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          summary={() => s && rows.length > 0 && <TotalsRow cells={totalsCells(s.totals)} />}
        />
      </Card>
      <Card title="按支付方式">
        <Table<ShiftSummaryMethod>
          rowKey="method"
          size="small"
          columns={methodColumns}
          dataSource={s?.by_method ?? []}
          loading={q.isFetching}
          pagination={false}
        />
      </Card>
    </Space>
  );
}
