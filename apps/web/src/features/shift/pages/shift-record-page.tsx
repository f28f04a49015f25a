import {
  APPROVAL_LABELS,
  fenToYuan,
  SHIFT_RECORD_STATE_LABELS,
  SHIFT_RECORD_STATES,
  type ShiftRecordPage,
  type ShiftRecordRow,
  UserType,
} from '@netbar/contract';
import { type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
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
import { useAppState } from '../../../lib/app-state';
import { exportRecords, fetchCashiers, fetchRecords } from '../api/shift-api';
import { shiftKeys } from '../api/shift-keys';
import { ShiftDetailDrawer } from '../components/shift-detail-drawer';
import { OverShort, Yuan } from '../components/shift-figures';

type Filters = PeriodFilters & { cashier_id?: number; state?: string; over_short_only?: string };

const stateTag = (r: ShiftRecordRow) =>
  r.status === 'open' ? (
    r.handover_due ? (
      <Tag color="orange">待点钞</Tag>
    ) : (
      <Tag color="green">当班中</Tag>
    )
  ) : r.approval_status === 'pending' ? (
    <Tag color="gold">待审批</Tag>
  ) : (
    <Tag>已交班</Tag>
  );

/**
 * /shift_management/shift_record (128): every shift with its money, count and over/short; detail and export.
 * Netbar staff get only their own shifts from the server, so they get no cashier filter.
 */
export default function ShiftRecordPageScreen() {
  const [open, setOpen] = useState<number | null>(null);
  const canApprove = useAppState((s) => s.user?.type === UserType.Netbar);
  const ownOnly = useAppState((s) => s.user?.type === UserType.NetbarStaff);
  const money = (title: string, key: keyof ShiftRecordRow) => ({
    title,
    dataIndex: key,
    align: 'right' as const,
    render: (f: number | null) => <Yuan fen={f} />,
  });
  const columns: TableColumnsType<ShiftRecordRow> = [
    { title: '班次号', dataIndex: 'shift_no', width: 190 },
    { title: '收银员', dataIndex: 'cashier_name', width: 100 },
    { title: '开班时间', dataIndex: 'opened_at', render: nowrap },
    { title: '交班时间', dataIndex: 'closed_at', render: nowrap },
    { title: '状态', key: 'state', width: 90, render: (_: unknown, r) => stateTag(r) },
    money('备用金(元)', 'float_fen'),
    money('现金(元)', 'cash_net_fen'),
    money('会员余额(元)', 'member_net_fen'),
    money('扫码(元)', 'scan_net_fen'),
    money('收支合计(元)', 'net_fen'),
    money('应有现金(元)', 'expected_cash_fen'),
    money('实点现金(元)', 'counted_cash_fen'),
    {
      title: '长短款',
      dataIndex: 'over_short_fen',
      align: 'right',
      render: (f: number | null) => <OverShort fen={f} />,
    },
    { title: '原因', dataIndex: 'over_short_reason', render: (v: string) => v || '—' },
    {
      title: '审批',
      dataIndex: 'approval_status',
      render: (a: ShiftRecordRow['approval_status']) => (a ? APPROVAL_LABELS[a] : '—'),
    },
    { title: '接班人', dataIndex: 'next_cashier_name', render: (v: string) => v || '—' },
    openColumn('交班单', setOpen, 80),
  ];
  return (
    <>
      <PageTable<ShiftRecordRow, Filters>
        title={ownOnly ? '我的交班记录' : '交班记录'}
        queryKey={shiftKeys.records()}
        {...filteredCalls(periodParams<Filters>, fetchRecords, exportRecords)}
        columns={columns}
        rowKey="id"
        summary={totalsSummary<ShiftRecordPage['totals'], ShiftRecordRow>((t, p) => [
          '',
          '',
          '',
          `${p.count}个班次`,
          fenToYuan(t.float_fen),
          fenToYuan(t.cash_net_fen),
          fenToYuan(t.member_net_fen),
          fenToYuan(t.scan_net_fen),
          fenToYuan(t.net_fen),
          fenToYuan(t.expected_cash_fen),
          fenToYuan(t.counted_cash_fen),
          <OverShort key="os" fen={t.over_short_fen} />,
          '',
          '',
          '',
          '',
        ])}
        filterFields={
          <>
            <PeriodFilter label="开班日期" />
            {!ownOnly && (
              <CashierFilter
                loader={async () => (await fetchCashiers()).map((c) => ({ value: c.id, label: c.name }))}
              />
            )}
            <ChoiceFilter
              name="state"
              label="状态"
              options={SHIFT_RECORD_STATES.map((s) => ({ value: s, label: SHIFT_RECORD_STATE_LABELS[s] }))}
            />
            <ChoiceFilter
              name="over_short_only"
              label="长短款"
              width={130}
              options={[{ value: '1', label: '只看有长短款' }]}
            />
          </>
        }
      />
      <ShiftDetailDrawer id={open} onClose={() => setOpen(null)} canApprove={canApprove} />
    </>
  );
}
