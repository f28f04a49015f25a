import { LEASE_LOSS_KIND_LABELS, LEASE_STATUS_LABELS, type LeaseOrderRow } from '@netbar/contract';
import { Tag } from 'antd';

/** 租用中 blue, 已逾期 red, 已归还 green, 丢失/损坏 grey. */
export function LeaseStatusTag({ row }: { row: Pick<LeaseOrderRow, 'status' | 'overdue' | 'loss_kind'> }) {
  if (row.status === 'renting' && row.overdue) return <Tag color="red">已逾期</Tag>;
  if (row.status === 'lost')
    return <Tag>{row.loss_kind ? LEASE_LOSS_KIND_LABELS[row.loss_kind] : LEASE_STATUS_LABELS.lost}</Tag>;
  return <Tag color={row.status === 'renting' ? 'blue' : 'green'}>{LEASE_STATUS_LABELS[row.status]}</Tag>;
}
