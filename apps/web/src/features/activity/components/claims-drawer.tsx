import {
  type ActivityRow,
  type ClaimRow,
  fenToYuan,
  PRICE_KIND_LABELS,
  PRIZE_KIND_LABELS,
  PRIZE_UNITS,
} from '@netbar/contract';
import { Drawer, type TableColumnsType } from 'antd';
import { PageTable } from '../../../components/page-table';
import { fetchClaims } from '../api/activity-api';
import { activityKeys } from '../api/activity-keys';

const prizeText = (r: ClaimRow) =>
  !r.prize_kind
    ? '—'
    : `${r.prize_name}（${r.prize_kind === 'bonus' ? `${fenToYuan(r.amount)}元` : `${r.amount}${PRIZE_UNITS[r.prize_kind]}`}）`;

/** An activity's claims: who, what they paid, the prize, the streak or the draw's roll. */
export function ClaimsDrawer({ activity, onClose }: { activity?: ActivityRow; onClose: () => void }) {
  const columns: TableColumnsType<ClaimRow> = [
    { title: '时间', dataIndex: 'at', width: 160 },
    { title: '会员', dataIndex: 'member_name' },
    {
      title: '支付',
      key: 'paid',
      render: (_, r) =>
        r.paid_kind === 'none'
          ? '—'
          : r.paid_kind === 'balance'
            ? `${fenToYuan(r.paid_amount)}元（${PRICE_KIND_LABELS.balance}）`
            : `${r.paid_amount}积分`,
    },
    { title: '奖品', key: 'prize', render: (_, r) => prizeText(r) },
    {
      title: '类型',
      dataIndex: 'prize_kind',
      render: (k: ClaimRow['prize_kind']) => (k ? PRIZE_KIND_LABELS[k] : ''),
    },
    { title: '成本(元)', dataIndex: 'cost_fen', align: 'right', render: fenToYuan },
    activity?.kind === 'sign'
      ? { title: '连续签到', dataIndex: 'streak', align: 'right' }
      : { title: '抽取号', dataIndex: 'roll', align: 'right' },
  ];
  return (
    <Drawer
      open={!!activity}
      onClose={onClose}
      size={900}
      title={activity ? `参与记录 · ${activity.name}` : ''}
      destroyOnHidden
    >
      {activity && (
        <PageTable<ClaimRow>
          queryKey={activityKeys.claims(activity.id)}
          fetcher={(p) => fetchClaims({ ...p, id: activity.id })}
          columns={columns}
          rowKey="id"
          size="middle"
        />
      )}
    </Drawer>
  );
}
