import { z } from 'zod';
import { audienceSchema, ENGINE_KINDS } from './activity';
import { jsonArray } from './goods';
import { reportPageFields, reportPeriodFields, withPeriodChecks } from './report-query';
import { idParam } from './validation/fields';
import { emptyToUndefined, intField, intWithDefault, optional, text } from './validation/helpers';

/**
 * 营销活动 (marketing_activity_list 10515) and 直播抽奖 (live_draw 10516) on the activity engine
 * (decision 178), and 奖品统计 (/operating_statements/prize_statistics 248).
 *
 * A top-up promotion (kind `topup_promo`) pays 奖励 when a member's top-up reaches a tier (充100送20: the
 * highest tier reached applies); its mode says who qualifies: every top-up (充值满送), the member's first
 * top-up (首充奖励) or a top-up on the member's birthday, once a year (生日奖励). It adds to the level's own
 * top-up rule (会员等级的充值赠送 still applies); of the promotions running, one applies per top-up — the
 * one worth most to the member — and the answer names it.
 *
 * A live draw (kind `live_draw`) draws, at its set time, as many winners as its prizes' quantities among
 * the members online (or checked in that day), with node:crypto, records the candidates, pays the prizes
 * in the draw's transaction and announces the winners.
 */

export const PROMO_MODES = ['tier', 'first', 'birthday'] as const;
export type PromoMode = (typeof PROMO_MODES)[number];
export const PROMO_MODE_LABELS: Record<PromoMode, string> = {
  tier: '充值满送',
  first: '首充奖励',
  birthday: '生日奖励',
};
export const DRAW_FROM = ['online', 'signed'] as const;
export type DrawFrom = (typeof DRAW_FROM)[number];
export const DRAW_FROM_LABELS: Record<DrawFrom, string> = {
  online: '开奖时在线上机的会员',
  signed: '当天已签到的会员',
};
/** How the promotion combines with the level's rule: said on the screen and the receipt. */
export const PROMO_COMBINE_NOTE =
  '活动赠送与会员等级的充值赠送叠加；同时有多个活动时，每笔充值只参加一个对会员最优惠的活动。';
export const LIVE_DRAW_MAX_WINNERS = 500;

export const PROMO_MSG = {
  tiers: '请设置1-10个充值档位',
  tierOrder: '充值档位须按充值金额从低到高排列，且赠送金额逐档增加',
  tierBonus: '赠送金额须小于该档充值金额',
  tierField: '档位格式不正确：充值金额1-100000元，赠送金额至少0.01元，数量1-1000000',
  mode: '请选择活动方式',
  drawFrom: '请选择抽奖范围',
  drawPast: '开奖时间须晚于当前时间',
  winners: `中奖人数须为1-${LIVE_DRAW_MAX_WINNERS}人`,
  drawPrize: '奖品须为奖励金、积分或上网时长',
  overBudget: '奖池总价值超过活动预算',
  time: '时间格式不正确（YYYY-MM-DD HH:mm）',
  endBeforeStart: '结束时间必须晚于开始时间',
} as const;

const localTime = z
  .string({ error: PROMO_MSG.time })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, { error: PROMO_MSG.time })
  .refine((v) => !Number.isNaN(new Date(`${v.replace(' ', 'T')}+08:00`).getTime()), {
    error: PROMO_MSG.time,
  });
const at = (v: string) => new Date(`${v.replace(' ', 'T')}+08:00`).getTime();

const audienceField = z.preprocess((v) => {
  const e = emptyToUndefined(v);
  if (e === undefined) return {};
  if (typeof e !== 'string') return e;
  try {
    return JSON.parse(e);
  } catch {
    return e;
  }
}, audienceSchema);

const T = { error: PROMO_MSG.tierField };
export const promoTier = z.object(
  {
    min_topup_fen: z.number(T).int(T).min(1, T).max(10_000_000, T),
    bonus_fen: z.number(T).int(T).min(1, T).max(10_000_000, T),
    quantity: z.number(T).int(T).min(1, T).max(1_000_000, T),
  },
  T,
);
export type PromoTier = z.infer<typeof promoTier>;

function money(b: { budget_fen: number }, pool: number, issue: (m: string) => void) {
  if (pool > b.budget_fen)
    issue(
      `${PROMO_MSG.overBudget}（奖池${(pool / 100).toFixed(2)}元，预算${(b.budget_fen / 100).toFixed(2)}元）`,
    );
}

export const promotionSaveBody = z
  .object({
    id: optional(idParam),
    name: text('活动名称为1-30个字符', 1, 30),
    promo_mode: z.enum(PROMO_MODES, { error: PROMO_MSG.mode }),
    starts_at: localTime,
    ends_at: localTime,
    audience: audienceField,
    per_member_limit: intWithDefault('每人参加次数须为0-10000之间的整数（0为不限）', 0, 10_000, 0),
    budget_fen: intField('活动预算须为0.01-1000000元之间的金额', 1, 100_000_000),
    tiers: jsonArray(promoTier, PROMO_MSG.tierField).refine((a) => a.length >= 1 && a.length <= 10, {
      error: PROMO_MSG.tiers,
    }),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (at(b.ends_at) <= at(b.starts_at)) issue(PROMO_MSG.endBeforeStart);
    if (b.tiers.some((t) => t.bonus_fen >= t.min_topup_fen)) issue(PROMO_MSG.tierBonus);
    for (let i = 1; i < b.tiers.length; i++) {
      const [p, t] = [b.tiers[i - 1]!, b.tiers[i]!];
      if (t.min_topup_fen <= p.min_topup_fen || t.bonus_fen <= p.bonus_fen) {
        issue(PROMO_MSG.tierOrder);
        break;
      }
    }
    money(
      b,
      b.tiers.reduce((s, t) => s + t.bonus_fen * t.quantity, 0),
      issue,
    );
  });
export type PromotionSaveBody = z.infer<typeof promotionSaveBody>;

const DRAW_PRIZE_KINDS = ['bonus', 'points', 'minutes'] as const;
const P = { error: '奖品格式不正确' };
export const drawPrize = z.object(
  {
    name: z
      .string(P)
      .trim()
      .min(1, { error: '奖品名称为1-20个字符' })
      .max(20, { error: '奖品名称为1-20个字符' }),
    kind: z.enum(DRAW_PRIZE_KINDS, { error: PROMO_MSG.drawPrize }),
    amount: z.number(P).int(P).min(1, P).max(10_000_000, P),
    cost_fen: z.number(P).int(P).min(0, P).max(100_000_000, P),
    quantity: z
      .number({ error: PROMO_MSG.winners })
      .int({ error: PROMO_MSG.winners })
      .min(1, { error: PROMO_MSG.winners })
      .max(LIVE_DRAW_MAX_WINNERS, { error: PROMO_MSG.winners }),
  },
  P,
);
export type DrawPrize = z.infer<typeof drawPrize>;

/** `now` only for tests: the draw time must lie ahead. */
export const liveDrawSaveBody = z
  .object({
    id: optional(idParam),
    name: text('活动名称为1-30个字符', 1, 30),
    draw_at: localTime,
    draw_from: z.enum(DRAW_FROM, { error: PROMO_MSG.drawFrom }),
    audience: audienceField,
    budget_fen: intField('活动预算须为0-1000000元之间的金额', 0, 100_000_000),
    prizes: jsonArray(drawPrize, '奖品格式不正确').refine((a) => a.length >= 1 && a.length <= 10, {
      error: '请设置1-10个奖品',
    }),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (at(b.draw_at) <= Date.now()) issue(PROMO_MSG.drawPast);
    const winners = b.prizes.reduce((s, p) => s + p.quantity, 0);
    if (winners < 1 || winners > LIVE_DRAW_MAX_WINNERS) issue(PROMO_MSG.winners);
    money(
      b,
      b.prizes.reduce((s, p) => s + p.cost_fen * p.quantity, 0),
      issue,
    );
  });
export type LiveDrawSaveBody = z.infer<typeof liveDrawSaveBody>;

/** What a top-up's answer (and receipt) says about the promotion it joined. */
export interface TopUpPromotion {
  activity_id: number;
  activity_name: string;
  mode: PromoMode;
  prize_name: string;
  bonus_fen: number;
}

/** A finished live draw's winners, as the console and the PC show them. */
export interface DrawWinner {
  member_id: number;
  member_name: string;
  prize_name: string;
}
export interface DrawResult {
  activity_id: number;
  name: string;
  drawn_at: string;
  candidates: number;
  winners: DrawWinner[];
}

export const prizeStatisticsQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    ...reportPageFields,
    kind: optional(z.enum(ENGINE_KINDS, { error: '活动类型不正确' })),
  }),
);
export type PrizeStatisticsQuery = z.infer<typeof prizeStatisticsQuery>;

export interface PrizeStatRow {
  day: string;
  store_name: string;
  activity_id: number;
  activity_name: string;
  kind: string;
  /** Prizes issued (claims that paid one). */
  prizes: number;
  cost_fen: number;
  /** Members reached: distinct members who received a prize. */
  members: number;
}
export interface PrizeStatTotals {
  prizes: number;
  cost_fen: number;
  members: number;
}
