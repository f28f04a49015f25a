import {
  COUPON_STATE_LABELS,
  type CouponState,
  couponRule,
  fenToYuan,
  type MemberCouponRow,
} from '@netbar/contract';
import { Table, type TableColumnsType, Tag } from 'antd';
import { useMemberCoupons } from '../api/member-queries';

const COLORS: Record<CouponState, string> = {
  unused: 'green',
  used: 'blue',
  expired: 'default',
  void: 'red',
};
const columns: TableColumnsType<MemberCouponRow> = [
  { title: '券名称', dataIndex: 'name', width: 120 },
  { title: '规则', key: 'rule', width: 100, render: (_, r) => couponRule(r) },
  { title: '有效期', key: 'valid', width: 190, render: (_, r) => `${r.valid_from} 至 ${r.valid_to}` },
  {
    title: '状态',
    dataIndex: 'state',
    width: 76,
    render: (s: CouponState) => <Tag color={COLORS[s]}>{COUPON_STATE_LABELS[s]}</Tag>,
  },
  {
    title: '使用',
    key: 'used',
    render: (_, r) => (r.order_no ? `${r.order_no}（抵扣 ${fenToYuan(r.used_fen)} 元）` : '—'),
  },
];

/** 优惠券 of a member (decision 186): issued by activities or by hand, with state and the order that used each. */
export function MemberCoupons({ memberId }: { memberId: number }) {
  const q = useMemberCoupons(memberId);
  return (
    <Table<MemberCouponRow>
      size="small"
      rowKey="id"
      loading={q.isLoading}
      dataSource={q.data ?? []}
      columns={columns}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: '暂无优惠券' }}
    />
  );
}
