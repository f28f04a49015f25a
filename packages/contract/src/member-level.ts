import { z } from 'zod';
import { jsonArray, keywordQuery } from './goods';
import { amount, dateText, id, MEMBER_AMOUNT_MAX_FEN, remark, requestId } from './member-fields';
import { emptyToUndefined, intField, intWithDefault, optional, text } from './validation/helpers';

/** Member levels (等级, 充值赠送) and points redemption (积分兑换). */

export const REDEEM_KINDS = ['bonus', 'online', 'goods'] as const;
export type RedeemKind = (typeof REDEEM_KINDS)[number];
export const REDEEM_KIND_LABELS: Record<RedeemKind, string> = {
  bonus: '兑换奖励金',
  online: '兑换上网时长',
  goods: '兑换商品',
};

export const bonusRule = z.object({
  threshold_fen: amount('充值门槛'),
  bonus_fen: intField('赠送金额须为0-100000元之间的金额', 0, MEMBER_AMOUNT_MAX_FEN),
});
export type BonusRule = z.infer<typeof bonusRule>;
export const levelSaveBody = z.object({
  id: optional(id('参数错误')),
  name: text('等级名称为1-20个字符', 1, 20),
  threshold_fen: intField('升级累计充值须为0-1000000元之间的金额', 0, 100_000_000),
  rate_discount: intWithDefault('上网折扣须为1-100之间的整数（100为不打折）', 1, 100, 100),
  member_price: z.preprocess(
    (v) =>
      v === '1' || v === 'true' || v === true
        ? true
        : v === '0' || v === 'false' || v === false || emptyToUndefined(v) === undefined
          ? false
          : v,
    z.boolean({ error: '参数错误' }),
  ),
  points_per_yuan: intWithDefault('每元积分须为0-100之间的整数', 0, 100, 0),
  bonus_rules: jsonArray(bonusRule, '赠送规则格式不正确')
    .refine((a) => a.length <= 10, { error: '赠送规则最多10条' })
    .refine((a) => new Set(a.map((r) => r.threshold_fen)).size === a.length, {
      error: '赠送规则的充值门槛不能重复',
    })
    .refine((a) => a.every((r) => r.bonus_fen <= r.threshold_fen * 2), {
      error: '赠送金额不能超过充值门槛的2倍',
    }),
  overdraft_fen: intWithDefault('透支额度须为0-10000元之间的金额', 0, 1_000_000, 0),
});
export type LevelSaveBody = z.infer<typeof levelSaveBody>;

export const pointsRedeemBody = z
  .object({
    member_id: id('请选择会员'),
    kind: z.enum(REDEEM_KINDS, { error: '请选择兑换类型' }),
    points: intField('兑换积分须为1-1000000之间的整数', 1, 1_000_000),
    bonus_fen: optional(intField('兑换奖励须为0.01-10000元之间的金额', 1, 1_000_000)),
    minutes: optional(intField('兑换时长须为1-1440分钟', 1, 1440)),
    sku_id: optional(id('请选择商品')),
    qty: optional(intField('兑换数量须为1-100之间的整数', 1, 100)),
    request_id: requestId,
    remark,
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'bonus' && !b.bonus_fen)
      ctx.addIssue({ code: 'custom', path: ['bonus_fen'], message: '请输入兑换的奖励金额' });
    if (b.kind === 'online' && !b.minutes)
      ctx.addIssue({ code: 'custom', path: ['minutes'], message: '请输入兑换的上网时长' });
    if (b.kind === 'goods' && !b.sku_id)
      ctx.addIssue({ code: 'custom', path: ['sku_id'], message: '请选择兑换的商品' });
  });
export type PointsRedeemBody = z.infer<typeof pointsRedeemBody>;
export const redemptionQuery = keywordQuery.extend({
  kind: optional(z.enum(REDEEM_KINDS, { error: '参数错误' })),
  date_from: dateText,
  date_to: dateText,
});
