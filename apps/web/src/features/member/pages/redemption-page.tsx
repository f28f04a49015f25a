import { fenToYuan, REDEEM_KIND_LABELS, REDEEM_KINDS, type RedemptionRow } from '@netbar/contract';
import { DatePicker, Form, type TableColumnsType, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { ChoiceFilter, KeywordFilter } from '../../../components/list-filters';
import { PageTable } from '../../../components/page-table';
import { exportRedemptions, fetchRedemptions } from '../api/member-api';
import { memberKeys } from '../api/member-keys';

type Filters = { keyword?: string; kind?: string; range?: [Dayjs, Dayjs] | null };
const toParams = ({ range, ...f }: Filters) => ({
  ...f,
  date_from: range?.[0]?.format('YYYY-MM-DD'),
  date_to: range?.[1]?.format('YYYY-MM-DD'),
});
const KIND_COLORS = { bonus: 'gold', online: 'blue', goods: 'green' } as const;

const columns: TableColumnsType<RedemptionRow> = [
  { title: '兑换时间', dataIndex: 'at', width: 170 },
  { title: '会员', dataIndex: 'member_name', width: 100 },
  { title: '卡号', dataIndex: 'card_mask', width: 180 },
  {
    title: '兑换类型',
    dataIndex: 'kind',
    width: 120,
    render: (k: RedemptionRow['kind']) => <Tag color={KIND_COLORS[k]}>{REDEEM_KIND_LABELS[k]}</Tag>,
  },
  { title: '消耗积分', dataIndex: 'points', width: 90, align: 'right' },
  {
    title: '兑换内容',
    key: 'what',
    render: (_: unknown, r) =>
      r.kind === 'bonus'
        ? `奖励金 ${fenToYuan(r.bonus_fen)} 元`
        : r.kind === 'online'
          ? `上网 ${r.minutes} 分钟`
          : `${r.goods_name} × ${r.qty}`,
  },
  { title: '出库单号', dataIndex: 'sale_no', width: 200, render: (s: string) => s || '—' },
  { title: '门店', dataIndex: 'netbar_name', width: 130, ellipsis: true },
  { title: '操作人', dataIndex: 'user_name', width: 90 },
  { title: '备注', dataIndex: 'remark', ellipsis: true },
];

/** /Member/redemption_record (182): points redeemed for 奖励, online time or goods, with filters and export. */
export default function RedemptionPage() {
  return (
    <PageTable<RedemptionRow, Filters>
      title="兑换记录"
      queryKey={memberKeys.redemptions()}
      fetcher={({ page, page_size, ...f }) => fetchRedemptions({ page, page_size, ...toParams(f) })}
      columns={columns}
      rowKey="id"
      onExport={(f) => exportRedemptions(toParams(f))}
      filterFields={
        <>
          <KeywordFilter label="会员姓名、手机号或卡号" width={200} />
          <ChoiceFilter
            name="kind"
            label="兑换类型"
            width={130}
            options={REDEEM_KINDS.map((k) => ({ value: k, label: REDEEM_KIND_LABELS[k] }))}
          />
          <Form.Item name="range">
            <DatePicker.RangePicker aria-label="兑换日期" placeholder={['开始日期', '结束日期']} />
          </Form.Item>
        </>
      }
    />
  );
}
