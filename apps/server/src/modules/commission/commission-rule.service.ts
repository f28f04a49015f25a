import {
  type CommissionRuleQuery,
  type CommissionRuleRow,
  type CommissionRuleSaveBody,
  UserType,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  deleteRule,
  insertRule,
  listRules,
  lockStoreRules,
  overlapping,
  ruleById,
  staffMember,
  storeStaff,
  updateRule,
} from './commission-rule.repo.ts';

/**
 * Commission rules (246, decision 147): the owner adds, edits and deletes them; a staff member holding 246
 * reads the rules that pay them. No two rules of one target and kind overlap in time: the writer takes the
 * store's advisory lock and looks for an overlap (the migration's trigger checks the same under the same
 * lock, so two concurrent saves cannot both pass).
 */

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};
const ownerOnly = (s: TenantScope) => {
  if (s.type !== UserType.Netbar) throw new ForbiddenError('只有网吧老板可以设置提成规则');
};
const range = (start: string, end: string | null) => (end ? `${start}至${end}` : `${start}起`);

export async function commissionRules(db: Db, s: TenantScope, q: CommissionRuleQuery) {
  const nid = nidOf(s);
  if (s.type !== UserType.NetbarStaff) return listRules(db, nid, q);
  const me = await staffMember(db, nid, s.userId);
  return listRules(db, nid, q, { userId: s.userId, role: me?.role ?? '' });
}

/** The person picker: the store's staff (the owner only). */
export async function commissionStaff(db: Db, s: TenantScope) {
  ownerOnly(s);
  return storeStaff(db, nidOf(s));
}

export async function commissionRule(db: Db, s: TenantScope, id: number): Promise<CommissionRuleRow> {
  ownerOnly(s);
  const r = await ruleById(db, nidOf(s), id);
  if (!r) throw new NotFoundError('提成规则不存在');
  return r;
}

/** Is a refusal from the overlap trigger (exclusion_violation): a concurrent save won the race. */
const isOverlap = (e: unknown): boolean => {
  for (let x: unknown = e, i = 0; x && i < 5; i++) {
    if (typeof x === 'object' && (x as { code?: unknown }).code === '23P01') return true;
    x = typeof x === 'object' ? (x as { cause?: unknown }).cause : undefined;
  }
  return false;
};

export async function saveCommissionRule(
  db: Db,
  s: TenantScope,
  by: string,
  b: CommissionRuleSaveBody,
): Promise<CommissionRuleRow> {
  ownerOnly(s);
  const nid = nidOf(s);
  if (b.target_type === 'person' && b.user_id && !(await staffMember(db, nid, b.user_id)))
    throw new NotFoundError('员工不存在');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await lockStoreRules(tx, nid);
      const clash = await overlapping(tx, nid, b);
      if (clash)
        throw new ConflictError(
          `与已有规则（${range(clash.start_day, clash.end_day)}）的生效期重叠，同一对象的同一提成方式同一天只能有一条规则`,
        );
      if (!b.id) return insertRule(tx, nid, by, b);
      if (!(await updateRule(tx, nid, by, { ...b, id: b.id }))) throw new NotFoundError('提成规则不存在');
      return b.id;
    });
  } catch (e) {
    if (isOverlap(e))
      throw new ConflictError('与已有规则的生效期重叠，同一对象的同一提成方式同一天只能有一条规则');
    throw e;
  }
  return commissionRule(db, s, id);
}

export async function removeCommissionRule(db: Db, s: TenantScope, id: number): Promise<void> {
  ownerOnly(s);
  if (!Number.isSafeInteger(id) || id < 1) throw new BadInputError('参数错误');
  const nid = nidOf(s);
  const gone = await db.transaction(async (tx) => {
    await lockStoreRules(tx, nid);
    return deleteRule(tx, nid, id);
  });
  if (!gone) throw new NotFoundError('提成规则不存在');
}
