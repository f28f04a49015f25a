import {
  bpToPercentText,
  type CommissionKind,
  fenToYuan,
  type PerformanceFigures,
  type PerformanceQuery,
  type PerformanceRecordPage,
  type PerformanceRecordQuery,
  type StaffPerformance,
  UserType,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { staffMember } from './commission-rule.repo.ts';
import { performanceSums, type RecordRow, recordPage, refundLines } from './performance.repo.ts';

/**
 * Staff performance (246, decision 147): the owner reads every staff member of the store, a staff member
 * holding 246 only themselves (the server narrows the query; another person's id answers as absent, the
 * same as an id of another netbar).
 */

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

/** Whose performance the caller may read: a staff member only their own, the owner anyone asked for. */
function whoOf(s: TenantScope, asked: number | undefined): number | undefined {
  if (s.type !== UserType.NetbarStaff) return asked;
  if (asked !== undefined && asked !== s.userId) throw new NotFoundError('员工不存在');
  return s.userId;
}

const FIGURE_KEYS: (keyof PerformanceFigures)[] = [
  'goods_count',
  'goods_fen',
  'goods_commission_fen',
  'desk_count',
  'desk_fen',
  'desk_commission_fen',
  'lease_count',
  'lease_fen',
  'lease_commission_fen',
  'topup_count',
  'topup_fen',
  'topup_commission_fen',
  'new_member_count',
  'new_member_commission_fen',
  'seat_count',
  'seat_commission_fen',
  'refund_count',
  'refund_fen',
  'refund_commission_fen',
  'commission_fen',
];

export function sumFigures(list: PerformanceFigures[]): PerformanceFigures {
  const out = Object.fromEntries(FIGURE_KEYS.map((k) => [k, 0])) as unknown as PerformanceFigures;
  for (const r of list) for (const k of FIGURE_KEYS) out[k] += Number(r[k]);
  return out;
}

export async function staffPerformance(
  db: Db,
  s: TenantScope,
  q: PerformanceQuery,
): Promise<StaffPerformance> {
  const nid = nidOf(s);
  const who = whoOf(s, q.user_id);
  const [list, lines] = await Promise.all([performanceSums(db, nid, q, who), refundLines(db, nid, q, who)]);
  if (q.user_id !== undefined && !list.length) throw new NotFoundError('员工不存在');
  return { start: q.start, end: q.end, list, totals: sumFigures(list), refund_lines: lines };
}

const UNIT: Partial<Record<CommissionKind, string>> = {
  topup_fixed: '笔',
  new_member_fixed: '个',
  seat_delivery_fixed: '单',
};
/** '收银员 5%', '个人 1.00元/笔', or 无适用规则. */
export function ruleLabel(
  r: Pick<RecordRow, 'rule_id' | 'target_type' | 'rule_role' | 'kind' | 'rate_bp' | 'amount_fen'>,
) {
  if (!r.rule_id) return '无适用规则';
  const who = r.target_type === 'person' ? '个人' : (r.rule_role ?? '');
  const unit = UNIT[r.kind as CommissionKind];
  return unit
    ? `${who} ${fenToYuan(r.amount_fen ?? 0)}元/${unit}`
    : `${who} ${bpToPercentText(r.rate_bp ?? 0)}`;
}

export async function performanceRecords(
  db: Db,
  s: TenantScope,
  q: PerformanceRecordQuery,
): Promise<PerformanceRecordPage> {
  const nid = nidOf(s);
  const who = whoOf(s, q.user_id) ?? q.user_id;
  // a staff member of the store, or a former one with records here; anyone else answers as absent
  if (!(await staffMember(db, nid, who)) && !(await performanceSums(db, nid, q, who)).length)
    throw new NotFoundError('员工不存在');
  const r = await recordPage(db, nid, q, { who, figure: q.figure }, q);
  return {
    list: r.list.map((x) => ({
      ref_no: x.ref_no,
      order_no: x.order_no,
      at: x.at,
      basis_fen: x.basis_fen,
      rule_id: x.rule_id,
      rule_label: ruleLabel(x),
      commission_fen: x.commission_fen,
    })),
    page: q.page,
    page_size: q.page_size,
    count: r.count,
    totals: r.totals,
  };
}
