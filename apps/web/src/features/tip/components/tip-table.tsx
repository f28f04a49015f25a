import {
  fenToYuan,
  TIP_PAID_LABELS,
  TIP_PAID_STATUSES,
  TIP_SOURCE_LABELS,
  TIP_SOURCES,
  type TipKind,
  type TipListAnswer,
  type TipPaidStatus,
  type TipRow,
} from '@netbar/contract';
import { DatePicker, Form, Input, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { FilterSelect } from '../../../components/filter-select';
import { ChoiceFilter } from '../../../components/list-filters';
import { nowrap } from '../../../components/nowrap';
import { PageTable } from '../../../components/page-table';
import { TotalsRow } from '../../../components/totals-row';
import { exportTips, fetchTips, staffOptions } from '../api/tip-api';
import { tipKeys } from '../api/tip-keys';

type Filters = {
  period?: [Dayjs, Dayjs];
  staff_id?: number;
  member?: string;
  source?: string;
  paid?: string;
};
const toParams = ({ period, ...f }: Filters) => ({
  ...f,
  start: period?.[0]?.format('YYYY-MM-DD'),
  end: period?.[1]?.format('YYYY-MM-DD'),
});
const yuan = (f: number) => fenToYuan(f);
const PAID_COLORS: Record<TipPaidStatus, string> = { unpaid: 'orange', partial: 'blue', paid: 'green' };

/**
 * Tips (kind 'tip': member, source, paid status) or payouts (kind 'payout': shift, who paid) with the
 * filters, paging, the 合计 row over the whole filter (the export's last row) and the export.
 */
export function TipTable({ kind, showStaff }: { kind: TipKind; showStaff: boolean }) {
  const tips = kind === 'tip';
  const columns: TableColumnsType<TipRow> = [
    { title: '单号', dataIndex: 'ref_no', width: 140 },
    { title: '时间', dataIndex: 'at', render: nowrap },
    { title: '员工', dataIndex: 'staff_name' },
    ...(tips
      ? ([
          { title: '会员', dataIndex: 'member_name' },
          {
            title: '来源',
            key: 'source',
            render: (_: unknown, r: TipRow) =>
              r.source ? `${TIP_SOURCE_LABELS[r.source]}${r.machine_name ? ` · ${r.machine_name}` : ''}` : '',
          },
        ] as TableColumnsType<TipRow>)
      : []),
    {
      title: tips ? '打赏金额(元)' : '发放金额(元)',
      dataIndex: 'amount_fen',
      align: 'right',
      render: (f: number) => yuan(Math.abs(f)),
    },
    ...(tips
      ? ([
          { title: '已发放(元)', dataIndex: 'paid_fen', align: 'right', render: yuan },
          {
            title: '发放状态',
            key: 'paid',
            render: (_: unknown, r: TipRow) =>
              r.paid_status ? (
                <Tag color={PAID_COLORS[r.paid_status]}>{TIP_PAID_LABELS[r.paid_status]}</Tag>
              ) : null,
          },
        ] as TableColumnsType<TipRow>)
      : ([{ title: '班次', dataIndex: 'shift_no' }] as TableColumnsType<TipRow>)),
    { title: tips ? '经办' : '发放人', dataIndex: 'user_name' },
    { title: '备注', dataIndex: 'remark' },
  ];
  const name = tips ? '打赏记录.xlsx' : '发放记录.xlsx';
  return (
    <PageTable<TipRow, Filters>
      queryKey={tipKeys.list(kind)}
      fetcher={({ page, page_size, ...f }) => fetchTips({ page, page_size, kind, ...toParams(f) })}
      columns={columns}
      rowKey="id"
      onExport={(f) => exportTips({ kind, ...toParams(f) }, name)}
      summary={(p) => {
        const t = (p as unknown as TipListAnswer).totals;
        if (!t) return null;
        const amount = yuan(Math.abs(t.amount_fen));
        const cells = tips
          ? [`${p.count}条`, '', '', '', amount, yuan(t.paid_fen), '', '', '']
          : [`${p.count}条`, '', amount, '', '', ''];
        return <TotalsRow cells={cells} />;
      }}
      filterFields={
        <>
          <Form.Item name="period">
            <DatePicker.RangePicker aria-label="日期" placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          {showStaff && (
            <Form.Item name="staff_id">
              <FilterSelect placeholder="员工" loader={staffOptions} />
            </Form.Item>
          )}
          {tips && (
            <>
              <Form.Item name="member">
                <Input
                  aria-label="会员姓名或手机号"
                  placeholder="会员姓名或手机号"
                  allowClear
                  style={{ width: 160 }}
                />
              </Form.Item>
              <ChoiceFilter
                name="source"
                label="来源"
                options={TIP_SOURCES.map((s) => ({ value: s, label: TIP_SOURCE_LABELS[s] }))}
              />
              <ChoiceFilter
                name="paid"
                label="发放状态"
                width={110}
                options={TIP_PAID_STATUSES.map((s) => ({ value: s, label: TIP_PAID_LABELS[s] }))}
              />
            </>
          )}
        </>
      }
    />
  );
}
