import { z } from 'zod';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, optional, text } from './validation/helpers';

/**
 * 礼包兑换, 线上红包 and 收银抽奖 on the activity engine (issue 17 part 3, decision 177): gift-bag codes
 * generated in batches (ordinary/batch) or typed by the owner (ordinary/custom), each redeemed once; a
 * draw offered at the counter after an order that reaches the activity's threshold, once per order.
 */

/** Codes are drawn from this alphabet: no 0/O, 1/I/L, so a code read aloud or typed is unambiguous. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Random characters after the prefix: 31^10 ≈ 8×10^14 codes per prefix. */
export const CODE_RANDOM_LENGTH = 10;
export const CODE_BATCH_MAX = 10_000;

export const CODE_MSG = {
  count: `生成数量须为1-${CODE_BATCH_MAX}之间的整数`,
  prefix: '前缀为0-6位字母或数字',
  custom: '礼包码为4-32位字母或数字',
  duplicate: '礼包码已存在',
  overPool: '礼包码数量不能超过奖品总数量',
  notGift: '该活动不是礼包兑换活动',
  ended: '活动已结束，不能再生成礼包码',
  mode: '请选择批量生成或自定义礼包码',
  card: '卡号为4-32位字母或数字',
  memberMissing: '会员不存在',
  orderMissing: '订单不存在',
  orderUnpaid: '订单未支付，不能抽奖',
  orderNoMember: '非会员订单不能抽奖',
  noDraw: '该订单未达到抽奖门槛或没有进行中的收银抽奖',
  drawn: '该订单已抽过奖',
} as const;

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
export const giftCodeText = z.preprocess(
  upper,
  z.string({ error: CODE_MSG.custom }).regex(/^[A-Z0-9]{4,32}$/, { error: CODE_MSG.custom }),
);

/** ordinary/batch: N random codes with a prefix; ordinary/custom: one code the owner typed. */
export const giftCodeGenerateBody = z
  .object({
    activity_id: idParam,
    mode: z.enum(['batch', 'custom'], { error: CODE_MSG.mode }),
    count: optional(intField(CODE_MSG.count, 1, CODE_BATCH_MAX)),
    prefix: z.preprocess(
      (v) => upper(emptyToUndefined(v) ?? ''),
      z.string({ error: CODE_MSG.prefix }).regex(/^[A-Z0-9]{0,6}$/, { error: CODE_MSG.prefix }),
    ),
    code: optional(giftCodeText),
  })
  .superRefine((b, ctx) => {
    if (b.mode === 'batch' && b.count === undefined)
      ctx.addIssue({ code: 'custom', path: ['count'], message: CODE_MSG.count });
    if (b.mode === 'custom' && !b.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: CODE_MSG.custom });
  });
export type GiftCodeGenerateBody = z.infer<typeof giftCodeGenerateBody>;

export const giftCodeListQuery = pageQuery.extend({
  activity_id: idParam,
  used: optional(z.enum(['0', '1'], { error: '参数错误' })),
});
export type GiftCodeListQuery = z.infer<typeof giftCodeListQuery>;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });

/** At the counter: the member's card number and the code. */
export const giftCodeRedeemBody = z.object({
  card_no: text(CODE_MSG.card, 4, 32, /^[A-Za-z0-9]+$/),
  code: giftCodeText,
  request_id: requestId,
});
/** From a PC: the member logged on at the machine. */
export const terminalGiftRedeemBody = z.object({
  machine_id: intField('机器编号无效', 1, ID_MAX),
  code: giftCodeText,
  request_id: requestId,
});

/** 收银抽奖: the order just paid at the counter. */
export const cashierDrawBody = z.object({
  order_no: z
    .string({ error: CODE_MSG.orderMissing })
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: CODE_MSG.orderMissing }),
});

export interface GiftCodeRow {
  id: number;
  code: string;
  batch: string;
  used: boolean;
  member_name: string;
  used_at: string;
  created_at: string;
}

export interface CashierDrawOffer {
  activity_id: number;
  name: string;
  threshold_fen: number;
}
