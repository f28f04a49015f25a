import { DownloadOutlined } from '@ant-design/icons';
import {
  fenToYuan,
  type PerformanceFigure,
  type PerformanceFigures,
  type RefundOffsetLine,
  type StaffPerformanceRow,
} from '@netbar/contract';
import { Alert, Button, Card, DatePicker, Space, Table, type TableColumnsType, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { TotalsRow } from '../../../components/totals-row';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { exportPerformance, type Period } from '../api/commission-api';
import { usePerformance } from '../api/commission-queries';
import { type Drill, RecordsDrawer } from './records-drawer';

const DAY = 'YYYY-MM-DD';
/** This month up to today, in Beijing days (the server's days), whatever the browser's time zone. */
const thisMonth = (): Period => {
  const now = shanghaiNow();
  return { start: now.startOf('month').format(DAY), end: now.format(DAY) };
};

type Col = { title: string; key: keyof PerformanceFigures; figure?: PerformanceFigure; money: boolean };
/** The figures in screen (and export) order; a figure's cell opens its records. */
const COLS: Col[] = [
  { title: '商品销售(元)', key: 'goods_fen', figure: 'goods', money: true },
  { title: '商品提成', key: 'goods_commission_fen', money: true },
  { title: '桌台包间(元)', key: 'desk_fen', figure: 'desk', money: true },
  { title: '桌台提成', key: 'desk_commission_fen', money: true },
  { title: '设备租赁(元)', key: 'lease_fen', figure: 'lease', money: true },
  { title: '租赁提成', key: 'lease_commission_fen', money: true },
  { title: '充值笔数', key: 'topup_count', figure: 'topup', money: false },
  { title: '充值金额(元)', key: 'topup_fen', figure: 'topup', money: true },
  { title: '充值提成', key: 'topup_commission_fen', money: true },
  { title: '新会员', key: 'new_member_count', figure: 'new_member', money: false },
  { title: '新会员提成', key: 'new_member_commission_fen', money: true },
  { title: '送达单数', key: 'seat_count', figure: 'seat', money: false },
  { title: '送达提成', key: 'seat_commission_fen', money: true },
  { title: '退款冲减(元)', key: 'refund_fen', figure: 'refund', money: true },
  { title: '冲减提成', key: 'refund_commission_fen', money: true },
  { title: '提成合计(元)', key: 'commission_fen', money: true },
];
const show = (c: Col, v: number) => (c.money ? fenToYuan(v) : String(v));

/** 员工业绩: the period, each staff member's figures and commission with the 合计 row, 退款冲减 lines, export. */
export function PerformancePanel() {
  const [period, setPeriod] = useState<Period>(thisMonth);
  const [drill, setDrill] = useState<Drill | null>(null);
  const [exporting, setExporting] = useState(false);
  const q = usePerformance(period);
  const columns: TableColumnsType<StaffPerformanceRow> = [
    { title: '员工', dataIndex: 'name', fixed: 'left', width: 100 },
    { title: '岗位', dataIndex: 'role', width: 80, render: (v: string) => v || '—' },
    ...COLS.map((c) => ({
      title: c.title,
      key: c.key,
      align: 'right' as const,
      render: (_: unknown, r: StaffPerformanceRow) =>
        c.figure ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => setDrill({ user_id: r.user_id, name: r.name, figure: c.figure! })}
          >
            {show(c, r[c.key])}
          </Button>
        ) : c.key === 'commission_fen' ? (
          <strong>{show(c, r[c.key])}</strong>
        ) : (
          show(c, r[c.key])
        ),
    })),
  ];
  const lines: TableColumnsType<RefundOffsetLine> = [
    { title: '员工', dataIndex: 'name' },
    { title: '订单号', dataIndex: 'order_no' },
    { title: '退款单号', dataIndex: 'refund_no' },
    { title: '下单支付时间', dataIndex: 'paid_at' },
    { title: '退款时间', dataIndex: 'refunded_at' },
    { title: '退款冲减(元)', dataIndex: 'amount_fen', align: 'right', render: (f: number) => fenToYuan(f) },
    {
      title: '冲减提成(元)',
      dataIndex: 'commission_fen',
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
  ];
  const data = q.data;
  const doExport = async () => {
    setExporting(true);
    try {
      await exportPerformance(period);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <DatePicker.RangePicker
          aria-label="业绩期间"
          allowClear={false}
          value={[dayjs(period.start), dayjs(period.end)]}
          onChange={(v) => {
            const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
            if (a && b) setPeriod({ start: a.format(DAY), end: b.format(DAY) });
          }}
        />
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          onClick={() => void doExport().catch(() => {})}
        >
          导出
        </Button>
      </Space>
      {q.isError && <Alert type="error" title="加载业绩失败" showIcon />}
      <Table<StaffPerformanceRow>
        rowKey="user_id"
        size="small"
        loading={q.isFetching}
        columns={columns}
        dataSource={data?.list ?? []}
        pagination={false}
        scroll={{ x: 1900 }}
        summary={() =>
          data ? <TotalsRow cells={['', ...COLS.map((c) => show(c, data.totals[c.key]))]} /> : null
        }
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        提成按每条记录发生当天生效的规则计算，个人规则优先于岗位规则，岗位按员工当天所在岗位（调整角色不影响以往业绩）；退款按退款时间计入：期间内下单的退款直接冲减商品销售，
        期间之前下单的退款单列为「退款冲减」，按原订单适用的比例扣回提成。点击数字查看明细。
      </Typography.Paragraph>
      {!!data?.refund_lines.length && (
        <Card size="small" title="退款冲减（本期退款、往期下单的订单）">
          <Table<RefundOffsetLine>
            rowKey={(r) => r.refund_no}
            size="small"
            columns={lines}
            dataSource={data.refund_lines}
            pagination={false}
          />
        </Card>
      )}
      <RecordsDrawer
        key={drill ? `${drill.user_id}-${drill.figure}` : 'closed'}
        period={period}
        drill={drill}
        onClose={() => setDrill(null)}
      />
    </Space>
  );
}
