import { z } from 'zod';
import { isCalendarDate } from './agent';
import { jsonArray } from './goods';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, intWithDefault, optional, text } from './validation/helpers';

/**
 * 优惠券 (issue 17 item 2, decision 186): a store's (or a chain head's) coupon templates, the coupons issued
 * from them to members (an activity prize of kind 'coupon', or by the owner by hand), and their use at the
 * 收银台, where the server prices the discount into the order. Money is fen; validity is Beijing days.
 */

export const COUPON_KINDS = ['full_off', 'voucher'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_LABELS: Record<CouponKind, string> = { full_off: '满减券', voucher: '抵用券' };

export const COUPON_VALID_MODES = ['range', 'days'] as const;
export type CouponValidMode = (typeof COUPON_VALID_MODES)[number];
export const COUPON_VALID_MODE_LABELS: Record<CouponValidMode, string> = {
  range: '固定日期',
  days: '领取后N天',
};

export const COUPON_TEMPLATE_STATUSES = ['active', 'disabled'] as const;
export type CouponTemplateStatus = (typeof COUPON_TEMPLATE_STATUSES)[number];
export const COUPON_TEMPLATE_STATUS_LABELS: Record<CouponTemplateStatus, string> = {
  active: '启用',
  disabled: '停用',
};

/** A member coupon's state; 已过期 is computed (unused and past its last day, Beijing time). */
export const COUPON_STATES = ['unused', 'used', 'expired', 'void'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_LABELS: Record<CouponState, string> = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
  void: '已作废',
};
export const COUPON_SOURCES = ['activity', 'manual'] as const;
export type CouponSource = (typeof COUPON_SOURCES)[number];
export const COUPON_SOURCE_LABELS: Record<CouponSource, string> = {
  activity: '活动奖品',
  manual: '手动发放',
};

export const COUPON_MSG = {
  notFound: '优惠券模板不存在',
  couponNotFound: '优惠券不存在',
  name: '券名称为1-20个字符',
  amount: '优惠金额须为0.01-10000元',
  minSpend: '使用门槛须为0-100000元',
  minBelowAmount: '满减券的使用门槛不能低于优惠金额',
  voucherMin: '抵用券无使用门槛',
  dates: '有效期日期格式不正确（YYYY-MM-DD）',
  endBeforeStart: '有效期结束日期不能早于开始日期',
  days: '有效天数须为1-365天',
  categories: '适用分类格式不正确',
  categoryMissing: '适用分类不存在',
  disabled: '优惠券模板已停用，不能发放',
  templateEnded: '优惠券模板的有效期已结束，不能发放',
  chain: '只有连锁总店可以创建连锁优惠券',
  used: '优惠券已使用',
  voided: '优惠券已作废',
  expired: '优惠券已过期',
  notYet: '优惠券尚未到使用日期',
  notMember: '优惠券不属于该会员',
  needMember: '使用优惠券须先选择会员',
  minSpendNotMet: '未达到优惠券的使用门槛',
  noScopeGoods: '订单中没有优惠券适用的商品',
  notVoidable: '只有未使用的优惠券可以作废',
  requestUsed: '请求编号已被使用',
} as const;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });

const day = (msg: string) =>
  optional(
    z
      .string({ error: msg })
      .trim()
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v), { error: msg }),
  );

const C = { error: COUPON_MSG.categories };
const categoryIds = z.preprocess(
  (v) => emptyToUndefined(v) ?? '[]',
  jsonArray(z.number(C).int(C).min(1, C).max(ID_MAX, C), COUPON_MSG.categories).refine(
    (a) => a.length <= 50,
    {
      error: '适用分类最多50个',
    },
  ),
);

export const couponTemplateSaveBody = z
  .object({
    id: optional(idParam),
    name: text(COUPON_MSG.name, 1, 20),
    scope: z.preprocess(
      (v) => emptyToUndefined(v) ?? 'store',
      z.enum(['store', 'chain'], { error: '参数错误' }),
    ),
    kind: z.enum(COUPON_KINDS, { error: '券类型不正确' }),
    amount_fen: intField(COUPON_MSG.amount, 1, 1_000_000),
    min_spend_fen: intWithDefault(COUPON_MSG.minSpend, 0, 10_000_000, 0),
    /** [] = every goods; else the goods categories the coupon applies to. */
    category_ids: categoryIds,
    valid_mode: z.enum(COUPON_VALID_MODES, { error: '有效期类型不正确' }),
    valid_from: day(COUPON_MSG.dates),
    valid_to: day(COUPON_MSG.dates),
    valid_days: optional(intField(COUPON_MSG.days, 1, 365)),
    status: z.preprocess(
      (v) => emptyToUndefined(v) ?? 'active',
      z.enum(COUPON_TEMPLATE_STATUSES, { error: '状态不正确' }),
    ),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (b.kind === 'full_off' && b.min_spend_fen < b.amount_fen) issue(COUPON_MSG.minBelowAmount);
    if (b.kind === 'voucher' && b.min_spend_fen !== 0) issue(COUPON_MSG.voucherMin);
    if (b.valid_mode === 'range') {
      if (!b.valid_from || !b.valid_to) issue(COUPON_MSG.dates);
      else if (b.valid_to < b.valid_from) issue(COUPON_MSG.endBeforeStart);
    } else if (!b.valid_days) issue(COUPON_MSG.days);
  });
export type CouponTemplateSaveBody = z.infer<typeof couponTemplateSaveBody>;

export const couponTemplateListQuery = pageQuery.extend({
  status: optional(z.enum(COUPON_TEMPLATE_STATUSES, { error: '状态不正确' })),
  keyword: optional(text('关键词最多20个字符', 1, 20)),
});
export type CouponTemplateListQuery = z.infer<typeof couponTemplateListQuery>;

export const couponTemplateStatusBody = z.object({
  id: idParam,
  status: z.enum(COUPON_TEMPLATE_STATUSES, { error: '状态不正确' }),
});
export type CouponTemplateStatusBody = z.infer<typeof couponTemplateStatusBody>;

/** 发放: the owner gives one coupon of a template to a member, once per request_id. */
export const couponIssueBody = z.object({
  template_id: intField(COUPON_MSG.notFound, 1, ID_MAX),
  member_id: intField('请选择会员', 1, ID_MAX),
  request_id: requestId,
});
export type CouponIssueBody = z.infer<typeof couponIssueBody>;

export const couponVoidBody = z.object({ id: idParam });

const dateFilter = (msg: string) =>
  optional(
    z
      .string({ error: msg })
      .trim()
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v), { error: msg }),
  );

/** 优惠券记录: issued coupons by state, template, member and issue day. */
export const couponRecordQuery = pageQuery.extend({
  state: optional(z.enum(COUPON_STATES, { error: '状态不正确' })),
  template_id: optional(intField(COUPON_MSG.notFound, 1, ID_MAX)),
  member_id: optional(intField('请选择会员', 1, ID_MAX)),
  source: optional(z.enum(COUPON_SOURCES, { error: '来源不正确' })),
  start_date: dateFilter('开始日期格式不正确（YYYY-MM-DD）'),
  end_date: dateFilter('结束日期格式不正确（YYYY-MM-DD）'),
});
export type CouponRecordQuery = z.infer<typeof couponRecordQuery>;

/** The coupons a member can use at this store now (收银台), or all of one member's (member detail). */
export const memberCouponsQuery = z.object({
  member_id: intField('请选择会员', 1, ID_MAX),
  usable: optional(z.enum(['1', '0'], { error: '参数错误' })),
});

export interface CouponTemplateRow {
  id: number;
  netbar_id: number;
  netbar_name: string;
  scope: 'store' | 'chain';
  name: string;
  kind: CouponKind;
  amount_fen: number;
  min_spend_fen: number;
  category_ids: number[];
  category_names: string[];
  valid_mode: CouponValidMode;
  valid_from: string | null;
  valid_to: string | null;
  valid_days: number | null;
  status: CouponTemplateStatus;
  issued: number;
  used: number;
  /** The caller's store owns it (a chain head's template is read-only in its stores). */
  own: boolean;
  created_at: string;
}

export interface MemberCouponRow {
  id: number;
  template_id: number;
  name: string;
  kind: CouponKind;
  amount_fen: number;
  min_spend_fen: number;
  category_ids: number[];
  category_names: string[];
  valid_from: string;
  valid_to: string;
  state: CouponState;
  source: CouponSource;
  activity_name: string;
  member_id: number;
  member_name: string;
  member_card: string;
  netbar_name: string;
  issued_by: string;
  issued_at: string;
  order_id: number | null;
  order_no: string;
  used_fen: number;
  used_at: string | null;
}

export interface CouponRecordPage {
  list: MemberCouponRow[];
  total: number;
  /** Σ face value of the coupons listed and Σ discount actually given (the export's 合计). */
  amount_fen: number;
  used_fen: number;
}

/** What a coupon takes off a basket (the 收银台's preview; the server's order_create is the authority). */
export interface CouponBasketLine {
  category_id: number | null;
  total_fen: number;
}
export function couponDiscount(
  c: Pick<MemberCouponRow, 'amount_fen' | 'min_spend_fen' | 'category_ids'>,
  lines: CouponBasketLine[],
): { eligible_fen: number; discount_fen: number; reason: string } {
  const inScope = (l: CouponBasketLine) =>
    c.category_ids.length === 0 || (l.category_id !== null && c.category_ids.includes(l.category_id));
  const eligible = lines.filter(inScope).reduce((a, l) => a + l.total_fen, 0);
  if (eligible <= 0) return { eligible_fen: 0, discount_fen: 0, reason: COUPON_MSG.noScopeGoods };
  if (eligible < c.min_spend_fen)
    return { eligible_fen: eligible, discount_fen: 0, reason: COUPON_MSG.minSpendNotMet };
  return { eligible_fen: eligible, discount_fen: Math.min(c.amount_fen, eligible), reason: '' };
}

/** 满30减5 / 5元抵用券 */
export function couponRule(c: Pick<MemberCouponRow, 'kind' | 'amount_fen' | 'min_spend_fen'>): string {
  const y = (f: number) => (f % 100 === 0 ? String(f / 100) : (f / 100).toFixed(2));
  return c.kind === 'full_off' ? `满${y(c.min_spend_fen)}减${y(c.amount_fen)}` : `${y(c.amount_fen)}元抵用`;
}
