import {
  COUPON_SOURCE_LABELS,
  COUPON_SOURCES,
  COUPON_STATE_LABELS,
  COUPON_STATES,
  type CouponState,
  couponRule,
  fenToYuan,
  type MemberCouponRow,
} from '@netbar/contract';
import { Button, DatePicker, Form, Popconfirm, Select, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { ChoiceFilter } from '../../../components/list-filters';
import { nowrap } from '../../../components/nowrap';
import { PageTable } from '../../../components/page-table';
import { TotalsRow } from '../../../components/totals-row';
import { exportRecords, fetchRecords } from '../api/coupon-api';
import { couponKeys } from '../api/coupon-keys';
import { useVoidCoupon } from '../api/coupon-mutations';
import { useActiveTemplates } from '../api/coupon-queries';

type Filters = { state?: string; source?: string; template_id?: number; range?: [Dayjs, Dayjs] | null };
const toParams = ({ range, ...f }: Filters) => ({
  ...f,
  start_date: range?.[0]?.format('YYYY-MM-DD'),
  end_date: range?.[1]?.format('YYYY-MM-DD'),
});
export const STATE_COLORS: Record<CouponState, string> = {
  unused: 'green',
  used: 'blue',
  expired: 'default',
  void: 'red',
};

/** 优惠券记录: every coupon issued (未使用/已使用/已过期/已作废), filters, 合计 and the export with the same 合计. */
export function CouponRecordTable() {
  const templates = useActiveTemplates();
  const voidIt = useVoidCoupon({ success: '已作废' });
  const columns: TableColumnsType<MemberCouponRow> = [
    { title: '券名称', dataIndex: 'name', width: 100, ellipsis: true },
    { title: '规则', key: 'rule', width: 80, render: (_, r) => couponRule(r) },
    { title: '会员', dataIndex: 'member_name', width: 80, ellipsis: true },
    {
      title: '来源',
      key: 'source',
      width: 90,
      ellipsis: true,
      render: (_, r) => (r.activity_name ? `活动：${r.activity_name}` : COUPON_SOURCE_LABELS[r.source]),
    },
    { title: '发放时间', dataIndex: 'issued_at', width: 130, render: (s: string) => s.slice(0, 16) },
    {
      title: '有效期',
      key: 'valid',
      width: 190,
      render: (_, r) => nowrap(`${r.valid_from} 至 ${r.valid_to}`),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 70,
      render: (s: CouponState) => <Tag color={STATE_COLORS[s]}>{COUPON_STATE_LABELS[s]}</Tag>,
    },
    { title: '使用订单', dataIndex: 'order_no', width: 140, ellipsis: true, render: (s: string) => s || '—' },
    {
      title: '面额(元)',
      dataIndex: 'amount_fen',
      width: 80,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '抵扣(元)',
      dataIndex: 'used_fen',
      width: 80,
      align: 'right',
      render: (f: number) => fenToYuan(f),
    },
    {
      title: '操作',
      key: 'op',
      width: 60,
      render: (_, r) =>
        r.state === 'unused' ? (
          <Popconfirm
            title="作废后会员不能再使用，确定作废？"
            okText="作废"
            cancelText="取消"
            onConfirm={() => voidIt.mutate({ id: r.id })}
          >
            <Button type="link" size="small" danger>
              作废
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <PageTable<MemberCouponRow, Filters>
      queryKey={couponKeys.records()}
      fetcher={({ page, page_size, ...f }) => fetchRecords({ page, page_size, ...toParams(f) })}
      columns={columns}
      rowKey="id"
      size="middle"
      filterFormName="coupon-record-filter"
      onExport={(f) => exportRecords(toParams(f))}
      summary={(p) => {
        const t = p as typeof p & { amount_fen?: number; used_fen?: number };
        return (
          <TotalsRow
            cells={[
              `${p.count}张`,
              ...Array(7).fill(''),
              fenToYuan(t.amount_fen ?? 0),
              fenToYuan(t.used_fen ?? 0),
              '',
            ]}
          />
        );
      }}
      filterFields={
        <>
          <ChoiceFilter
            name="state"
            label="状态"
            width={110}
            options={COUPON_STATES.map((s) => ({ value: s, label: COUPON_STATE_LABELS[s] }))}
          />
          <ChoiceFilter
            name="source"
            label="来源"
            width={110}
            options={COUPON_SOURCES.map((s) => ({ value: s, label: COUPON_SOURCE_LABELS[s] }))}
          />
          <Form.Item name="template_id">
            <Select
              aria-label="优惠券"
              allowClear
              placeholder="全部优惠券"
              style={{ width: 150 }}
              options={(templates.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            />
          </Form.Item>
          <Form.Item name="range">
            <DatePicker.RangePicker aria-label="发放日期" placeholder={['发放开始', '发放结束']} />
          </Form.Item>
        </>
      }
    />
  );
}
