import { z } from 'zod';
import { isCalendarDate } from './agent';
import { keywordQuery } from './goods';
import {
  amount,
  dateText,
  id,
  MEMBER_AMOUNT_MAX_FEN,
  MEMBER_BALANCE_MAX_FEN,
  MEMBER_CORRECT_MINUTES_MAX,
  reason,
  remark,
  requestId,
} from './member-fields';
import { memberPassword } from './member-password';
import { shanghaiDate } from './shanghai-time';
import { cursorField } from './stock';
import { MOBILE_PATTERN, pageQuery } from './validation/fields';
import { intField, intWithDefault, numberFromForm, optional, text } from './validation/helpers';

/** Members (spec section 2 /Member 179): members, balances (本金/奖励/积分), levels and redemption. */

export {
  MEMBER_AMOUNT_MAX_FEN,
  MEMBER_BALANCE_MAX_FEN,
  MEMBER_CORRECT_MINUTES_MAX,
  MEMBER_MINUTES_MAX,
  MEMBER_POINTS_MAX,
} from './member-fields';

export const MemberStatus = { Normal: 1, Lost: 2, Disabled: 3, Closed: 4 } as const;
export type MemberStatusValue = (typeof MemberStatus)[keyof typeof MemberStatus];
export const MEMBER_STATUS_LABELS: Record<MemberStatusValue, string> = {
  1: '正常',
  2: '挂失',
  3: '禁用',
  4: '已退卡',
};
export const CardKind = { IdCard: 1, MemberCard: 2 } as const;
export type CardKindValue = (typeof CardKind)[keyof typeof CardKind];
export const CARD_KIND_LABELS: Record<CardKindValue, string> = { 1: '身份证', 2: '会员卡' };

export const MEMBER_LEDGER_KINDS = [
  'topup',
  'consume',
  'correct',
  'refund_card',
  'transfer_out',
  'transfer_in',
  'redeem',
  'consume_refund',
  'tip',
  'prize',
  'prize_buy',
  /** 数据导入 (decision 190): the balance a member brought from the old product. */
  'import',
] as const;
export type MemberLedgerKind = (typeof MEMBER_LEDGER_KINDS)[number];
export const MEMBER_LEDGER_KIND_LABELS: Record<MemberLedgerKind, string> = {
  topup: '充值',
  consume: '消费',
  correct: '冲正调整',
  refund_card: '退卡',
  transfer_out: '转出',
  transfer_in: '转入',
  redeem: '积分兑换',
  consume_refund: '消费退款',
  tip: '打赏',
  prize: '活动奖品',
  prize_buy: '活动购买',
  import: '数据导入',
};
export const DEDUCT_ORDERS = ['bonus_first', 'principal_first'] as const;
export type DeductOrder = (typeof DEDUCT_ORDERS)[number];
export const DEDUCT_ORDER_LABELS: Record<DeductOrder, string> = {
  bonus_first: '先扣奖励',
  principal_first: '先扣本金',
};
/** Payment methods of a counter top-up; others arrive with the payments issue (decision 106). */
export const PAY_METHODS = ['cash'] as const;
export type PayMethodValue = (typeof PAY_METHODS)[number];
export const PAY_METHOD_LABELS: Record<string, string> = { cash: '现金', scan: '扫码' };

/** The 奖励 a top-up earns: the rule with the highest threshold the amount reaches, once (充100送20). */
export function topUpBonus(
  rules: readonly { threshold_fen: number; bonus_fen: number }[],
  amount: number,
): number {
  let best: { threshold_fen: number; bonus_fen: number } | undefined;
  for (const r of rules)
    if (amount >= r.threshold_fen && (!best || r.threshold_fen > best.threshold_fen)) best = r;
  return best?.bonus_fen ?? 0;
}

/** Mainland resident ID card: 18 characters, the last one the ISO 7064 MOD 11-2 check. */
export function isIdCardNumber(v: string): boolean {
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * w[i]!;
  return '10X98765432'[sum % 11] === v[17];
}
/** How a card number is shown to everyone who did not open it on purpose. */
export function maskCard(v: string): string {
  if (v.length <= 4) return `${v.slice(0, 1)}***`;
  const head = v.length >= 10 ? 3 : 1;
  return `${v.slice(0, head)}${'*'.repeat(Math.min(v.length - head - 4, 11))}${v.slice(-4)}`;
}

const cardKind = z.preprocess(numberFromForm, z.literal([1, 2], { error: '请选择证件类型' }));
const memberStatusField = z.preprocess(numberFromForm, z.literal([1, 2, 3, 4], { error: '状态不正确' }));
/** 生日: a real calendar day in the past (Beijing), not before 1900 (decision 183). */
export const BIRTHDAY_MSG = '生日须为今天以前的有效日期（YYYY-MM-DD）';
export const isPastBirthday = (v: string, today = shanghaiDate()) =>
  isCalendarDate(v) && v >= '1900-01-01' && v < today;
const birthday = optional(
  z
    .string({ error: BIRTHDAY_MSG })
    .trim()
    .refine((v) => isPastBirthday(v), { error: BIRTHDAY_MSG }),
);
const optFen = optional(intField('余额须为0-1000000000元之间的金额', 0, MEMBER_BALANCE_MAX_FEN));

export const memberSaveBody = z
  .object({
    id: optional(id('参数错误')),
    card_kind: cardKind,
    card_no: optional(text('卡号为4-32位字母或数字', 4, 32, /^[A-Za-z0-9]+$/)),
    name: text('姓名为1-20个字符', 1, 20),
    mobile: optional(
      z.string({ error: '手机号格式不正确' }).trim().regex(MOBILE_PATTERN, { error: '手机号格式不正确' }),
    ),
    level_id: optional(id('请选择会员等级')),
    remark,
    /** 生日 (optional; an edit without it clears it). The 生日奖励 promotion reads its month-day. */
    birthday,
    /** Only when adding: afterwards staff use 重置密码 (/member_password_reset). */
    password: optional(memberPassword),
  })
  .superRefine((b, ctx) => {
    if (b.id === undefined && !b.card_no)
      ctx.addIssue({ code: 'custom', path: ['card_no'], message: '请输入卡号' });
    if (b.id !== undefined && b.password)
      ctx.addIssue({ code: 'custom', path: ['password'], message: '修改会员密码请使用“重置密码”' });
    if (b.card_no && b.card_kind === 1 && !isIdCardNumber(b.card_no.toUpperCase()))
      ctx.addIssue({ code: 'custom', path: ['card_no'], message: '身份证号码不正确' });
  });
export type MemberSaveBody = z.infer<typeof memberSaveBody>;

export const memberListQuery = keywordQuery.extend({
  level_id: optional(id('参数错误')),
  status: optional(memberStatusField),
  balance_min_fen: optFen,
  balance_max_fen: optFen,
  visit_from: dateText,
  visit_to: dateText,
  store_id: optional(id('参数错误')),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

export const memberIdQuery = z.object({ id: id('参数错误') });
/** The counter's member lookup: a full card number (read by a card reader), a mobile or a name. */
export const memberLookupQuery = z.object({
  q: z
    .string({ error: '请输入卡号或手机号' })
    .trim()
    .min(1, { error: '请输入卡号或手机号' })
    .max(50, { error: '卡号或手机号最多50个字符' }),
});
export const memberLedgerQuery = pageQuery.extend({
  member_id: id('参数错误'),
  kind: optional(z.enum(MEMBER_LEDGER_KINDS, { error: '参数错误' })),
  after: cursorField,
});

export const memberStatusBody = z.object({
  id: id('参数错误'),
  action: z.enum(['lose', 'unlose', 'disable', 'enable'], { error: '操作类型不正确' }),
  reason: optional(text('原因最多100个字符', 1, 100)),
});
export const memberRefundBody = z.object({ id: id('参数错误'), reason, request_id: requestId });

export const topUpBody = z.object({
  member_id: id('请选择会员'),
  amount_fen: amount('充值金额'),
  pay_method: z.enum(PAY_METHODS, { error: '请选择支付方式' }).default('cash'),
  request_id: requestId,
  remark,
});
export type TopUpBody = z.infer<typeof topUpBody>;
/** 会员充值's preview (decision 187): what the amount would earn before the cashier confirms. */
export const topUpPreviewQuery = topUpBody.pick({ member_id: true, amount_fen: true });
export type TopUpPreviewQuery = z.infer<typeof topUpPreviewQuery>;

const signedFen = (label: string) =>
  intField(`${label}须为-100000至100000元之间的金额`, -MEMBER_AMOUNT_MAX_FEN, MEMBER_AMOUNT_MAX_FEN);
export const correctBody = z
  .object({
    member_id: id('请选择会员'),
    principal_fen: signedFen('本金调整'),
    bonus_fen: signedFen('奖励调整'),
    points: intField('积分调整须为-1000000至1000000之间的整数', -1_000_000, 1_000_000),
    /** Free online minutes (decision 109); absent means 0. */
    minutes: intWithDefault(
      `上网时长调整须为-${MEMBER_CORRECT_MINUTES_MAX}至${MEMBER_CORRECT_MINUTES_MAX}之间的整数（分钟）`,
      -MEMBER_CORRECT_MINUTES_MAX,
      MEMBER_CORRECT_MINUTES_MAX,
      0,
    ),
    reason,
    request_id: requestId,
  })
  .refine((b) => b.principal_fen !== 0 || b.bonus_fen !== 0 || b.points !== 0 || b.minutes !== 0, {
    error: '调整金额不能全部为0',
  });
export type CorrectBody = z.infer<typeof correctBody>;

export const transferBody = z
  .object({
    from_id: id('请选择转出会员'),
    to_id: id('请选择转入会员'),
    amount_fen: amount('转账金额'),
    request_id: requestId,
    remark,
  })
  .refine((b) => b.from_id !== b.to_id, { error: '不能转给同一会员' });

export const consumeBody = z.object({
  member_id: id('请选择会员'),
  amount_fen: amount('消费金额'),
  request_id: requestId,
});
export type ConsumeBody = z.infer<typeof consumeBody>;

const flag = optional(
  z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : v,
    z.boolean({ error: '参数错误' }),
  ),
);
export const memberSettingBody = z.object({
  deduct_order: z.enum(DEDUCT_ORDERS, { error: '请选择扣费顺序' }),
  chain_shared: flag,
  /** Members without a password may log on at a machine by card alone (decision 104). */
  card_only_logon: flag,
});

export * from './member-level';
export * from './member-rows';
