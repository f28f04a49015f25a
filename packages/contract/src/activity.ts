import { z } from 'zod';
import { jsonArray } from './goods';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, intWithDefault, optional, text } from './validation/helpers';

/**
 * The activity engine (issue 17, decision 173): one model behind every marketing app. An activity has a
 * kind (which app it belongs to), a store or chain scope, a schedule (start, end, daily windows in
 * Asia/Shanghai), an audience, a prize pool (each prize a quantity and a unit cost within the activity's
 * budget), per-member limits and a state. A claim pays its prize in the same transaction, once per
 * request_id; draws use a CSPRNG and are recorded.
 */

export const ENGINE_KINDS = [
  'sign',
  'blind_box',
  'gift_code',
  'red_envelope',
  'cashier_draw',
  // decision 178
  'topup_promo',
  'live_draw',
  // decision 181: 赛事活动, one kind for every game type (activity_games.game_type)
  'game',
] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];
export const ENGINE_KIND_LABELS: Record<EngineKind, string> = {
  sign: '会员签到',
  blind_box: '幸运盲盒',
  gift_code: '礼包兑换',
  red_envelope: '线上红包',
  cashier_draw: '收银抽奖',
  topup_promo: '营销活动',
  live_draw: '直播抽奖',
  game: '赛事活动',
};
/** Kinds whose prize is drawn by odds (CSPRNG, recorded). */
export const DRAW_KINDS: readonly EngineKind[] = ['blind_box', 'cashier_draw'];
/** The app (application centre key) each kind belongs to. */
export const ENGINE_KIND_APP: Record<EngineKind, string> = {
  sign: 'member_sign',
  blind_box: 'lucky_blind_box',
  gift_code: 'jiftbag_xchange',
  red_envelope: 'online_red_envelope',
  cashier_draw: 'cashier_luck_draw',
  topup_promo: 'marketing_activity_list',
  live_draw: 'live_draw',
  game: 'ActivityGameList',
};

/** Stored status; the state a user sees is computed with the schedule (activityState). */
export const ACTIVITY_STATUSES = ['draft', 'published', 'paused', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATES = ['draft', 'pending', 'running', 'paused', 'ended'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];
export const ACTIVITY_STATE_LABELS: Record<ActivityState, string> = {
  draft: '草稿',
  pending: '未开始',
  running: '进行中',
  paused: '已暂停',
  ended: '已结束',
};

/** 草稿/未开始/进行中/已暂停/已结束 from the stored status and the schedule. */
export function activityState(
  status: ActivityStatus,
  startsAt: Date,
  endsAt: Date,
  now = new Date(),
): ActivityState {
  if (status === 'draft') return 'draft';
  if (status === 'ended' || now >= endsAt) return 'ended';
  if (status === 'paused') return 'paused';
  return now < startsAt ? 'pending' : 'running';
}

/** What a state change asks for; which changes each state allows is the server's (ACTIVITY_MOVES). */
export const ACTIVITY_ACTIONS = ['publish', 'pause', 'resume', 'end'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
export const ACTIVITY_ACTION_LABELS: Record<ActivityAction, string> = {
  publish: '发布',
  pause: '暂停',
  resume: '恢复',
  end: '结束',
};
export const ACTIVITY_MOVES: Record<ActivityAction, ActivityState[]> = {
  publish: ['draft'],
  pause: ['pending', 'running'],
  resume: ['paused'],
  end: ['pending', 'running', 'paused'],
};

/** 'coupon' (decision 186): a coupon of a template (coupon_template_id); amount = coupons per prize. */
export const PRIZE_KINDS = ['bonus', 'points', 'minutes', 'goods', 'coupon'] as const;
export type PrizeKind = (typeof PRIZE_KINDS)[number];
export const PRIZE_KIND_LABELS: Record<PrizeKind, string> = {
  bonus: '奖励金',
  points: '积分',
  minutes: '上网时长',
  goods: '商品',
  coupon: '优惠券',
};
export const PRIZE_UNITS: Record<PrizeKind, string> = {
  bonus: '分',
  points: '分',
  minutes: '分钟',
  goods: '件',
  coupon: '张',
};

export const PRICE_KINDS = ['none', 'points', 'balance'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];
export const PRICE_KIND_LABELS: Record<PriceKind, string> = {
  none: '免费',
  points: '积分',
  balance: '余额（本金）',
};

export const VISITORS = ['all', 'new', 'returning'] as const;
export type Visitor = (typeof VISITORS)[number];
export const VISITOR_LABELS: Record<Visitor, string> = {
  all: '全部会员',
  new: '新会员（30天内开卡）',
  returning: '老会员',
};
export const LIST_MODES = ['none', 'exclude', 'apply'] as const;
export type ListMode = (typeof LIST_MODES)[number];
export const LIST_MODE_LABELS: Record<ListMode, string> = {
  none: '不限',
  exclude: '排除名单',
  apply: '仅限名单',
};
/** New members: opened a card within this many days. */
export const NEW_MEMBER_DAYS = 30;
/** Odds are in basis points: 10000 = 100%. */
export const ODDS_TOTAL = 10_000;

export const ACTIVITY_MSG = {
  notFound: '活动不存在',
  kind: '活动类型不正确',
  name: '活动名称为1-30个字符',
  time: '时间格式不正确（YYYY-MM-DD HH:mm）',
  endBeforeStart: '结束时间必须晚于开始时间',
  window: '每日时段格式不正确（HH:mm-HH:mm，开始早于结束）',
  odds: '各奖品中奖概率之和须为100%',
  oddsEach: '中奖概率须为0.01%-100%',
  overBudget: '奖池总价值超过活动预算',
  noPrize: '请至少设置一个奖品',
  prize: '奖品格式不正确',
  streak: '连续签到天数须为1-30且不能重复',
  price: '盲盒价格须为1-100000之间的整数（积分或分）',
  priceNeeded: '盲盒须设置购买价格（积分或余额）',
  audienceEmpty: '活动对象没有符合条件的会员',
  goods: '奖品商品不存在',
  coupon: '请选择奖品优惠券',
  couponAmount: '优惠券奖品每次最多发10张',
  chain: '只有连锁总店可以创建连锁活动',
  notEditable: '只有草稿状态的活动可以修改',
  badMove: '当前状态不能执行此操作',
  notRunning: '活动未在进行中',
  outsideWindow: '当前不在活动时段内',
  notAudience: '您不在本活动的参与范围内',
  dayLimit: '今日参与次数已达上限',
  totalLimit: '本活动参与次数已达上限',
  signed: '今日已签到',
  soldOut: '奖品已发完',
  budgetOut: '活动预算已用完',
  noMember: '本机没有会员上机',
  requestUsed: '请求编号已被使用',
  // 礼包兑换, 线上红包, 收银抽奖 (decision 177)
  codeMissing: '礼包码不存在',
  codeUsed: '礼包码已被使用',
  envelopeRange: '红包金额下限不能大于上限',
  envelopePrize: '红包须设置一个奖励金奖品（金额为下限，可设上限）',
  thresholdNeeded: '抽奖门槛须大于0元',
  onlineOnly: '红包只能在上网的电脑上领取',
} as const;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });

const localTime = z
  .string({ error: ACTIVITY_MSG.time })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, { error: ACTIVITY_MSG.time })
  .refine((v) => !Number.isNaN(new Date(`${v.replace(' ', 'T')}+08:00`).getTime()), {
    error: ACTIVITY_MSG.time,
  });

const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;
const W = { error: ACTIVITY_MSG.window };
export const dailyWindow = z
  .object(
    { from: z.string(W).regex(hhmm, W), to: z.string(W).regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, W) },
    W,
  )
  .refine((w) => w.from < w.to, { error: ACTIVITY_MSG.window });
export type DailyWindow = z.infer<typeof dailyWindow>;

const A = { error: '活动对象格式不正确' };
const idList = z.array(z.number(A).int(A).min(1, A).max(ID_MAX, A), A).max(500, { error: '名单最多500项' });
export const audienceSchema = z.object(
  {
    levels: idList.default([]),
    visitor: z.enum(VISITORS, A).default('all'),
    list_mode: z.enum(LIST_MODES, A).default('none'),
    members: idList.default([]),
    machines: idList.default([]),
  },
  A,
);
export type Audience = z.infer<typeof audienceSchema>;
const audienceField = z.preprocess(
  (v) => {
    const e = emptyToUndefined(v);
    if (e === undefined) return {};
    if (typeof e !== 'string') return e;
    try {
      return JSON.parse(e);
    } catch {
      return e;
    }
  },
  audienceSchema.refine((a) => a.list_mode === 'none' || a.members.length + a.machines.length > 0, {
    error: '名单模式须至少选择一个会员或机器',
  }),
);

const P = { error: ACTIVITY_MSG.prize };
const pInt = (min: number, max: number) => z.number(P).int(P).min(min, P).max(max, P);
export const prizeInput = z.object(
  {
    name: z
      .string(P)
      .trim()
      .min(1, { error: '奖品名称为1-20个字符' })
      .max(20, { error: '奖品名称为1-20个字符' }),
    kind: z.enum(PRIZE_KINDS, P),
    /** fen (bonus), points, minutes, or units of goods. */
    amount: pInt(1, 10_000_000),
    goods_id: pInt(1, ID_MAX).optional(),
    /** A coupon prize's template (decision 186). */
    coupon_template_id: pInt(1, ID_MAX).optional(),
    /** What one unit costs the store, fen (a bonus prize: its amount). */
    cost_fen: pInt(0, 100_000_000),
    quantity: pInt(1, 1_000_000),
    odds_bp: z
      .number(P)
      .int(P)
      .min(0, { error: ACTIVITY_MSG.oddsEach })
      .max(ODDS_TOTAL, { error: ACTIVITY_MSG.oddsEach })
      .optional(),
    streak_day: z
      .number(P)
      .int(P)
      .min(1, { error: ACTIVITY_MSG.streak })
      .max(30, { error: ACTIVITY_MSG.streak })
      .optional(),
    /** A red envelope's upper amount (fen): each envelope pays a random amount in [amount, amount_max]. */
    amount_max: pInt(1, 10_000_000).optional(),
  },
  P,
);
export type PrizeInput = z.infer<typeof prizeInput>;

export const activitySaveBody = z
  .object({
    id: optional(idParam),
    kind: z.enum(ENGINE_KINDS, { error: ACTIVITY_MSG.kind }),
    name: text(ACTIVITY_MSG.name, 1, 30),
    scope: z.preprocess(
      (v) => emptyToUndefined(v) ?? 'store',
      z.enum(['store', 'chain'], { error: '参数错误' }),
    ),
    starts_at: localTime,
    ends_at: localTime,
    windows: z
      .preprocess((v) => emptyToUndefined(v) ?? '[]', jsonArray(dailyWindow, ACTIVITY_MSG.window))
      .refine((a) => a.length <= 4, { error: '每日时段最多4个' }),
    audience: audienceField,
    per_day_limit: intWithDefault('每人每日次数须为0-100之间的整数（0为不限）', 0, 100, 0),
    per_member_limit: intWithDefault('每人总次数须为0-10000之间的整数（0为不限）', 0, 10_000, 0),
    budget_fen: intField('活动预算须为0-1000000元之间的金额', 0, 100_000_000),
    price_kind: z.preprocess(
      (v) => emptyToUndefined(v) ?? 'none',
      z.enum(PRICE_KINDS, { error: '参数错误' }),
    ),
    price_amount: intWithDefault(ACTIVITY_MSG.price, 0, 100_000, 0),
    /** 收银抽奖: the order amount (fen) from which the cashier offers the draw. */
    threshold_fen: intWithDefault(ACTIVITY_MSG.thresholdNeeded, 0, 100_000_000, 0),
    prizes: jsonArray(prizeInput, ACTIVITY_MSG.prize).refine((a) => a.length >= 1 && a.length <= 20, {
      error: ACTIVITY_MSG.noPrize,
    }),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (
      new Date(`${b.ends_at.replace(' ', 'T')}+08:00`) <= new Date(`${b.starts_at.replace(' ', 'T')}+08:00`)
    )
      issue(ACTIVITY_MSG.endBeforeStart);
    if (b.prizes.some((p) => p.kind === 'goods' && !p.goods_id)) issue(ACTIVITY_MSG.goods);
    if (b.prizes.some((p) => p.kind === 'coupon' && !p.coupon_template_id)) issue(ACTIVITY_MSG.coupon);
    if (b.prizes.some((p) => p.kind === 'coupon' && p.amount > 10)) issue(ACTIVITY_MSG.couponAmount);
    if (DRAW_KINDS.includes(b.kind)) {
      if (b.prizes.some((p) => !p.odds_bp)) issue(ACTIVITY_MSG.oddsEach);
      else if (b.prizes.reduce((s, p) => s + (p.odds_bp ?? 0), 0) !== ODDS_TOTAL) issue(ACTIVITY_MSG.odds);
    }
    if (b.kind === 'blind_box' && (b.price_kind === 'none' || b.price_amount < 1))
      issue(ACTIVITY_MSG.priceNeeded);
    if (b.kind === 'cashier_draw' && b.threshold_fen < 1) issue(ACTIVITY_MSG.thresholdNeeded);
    if (b.kind === 'red_envelope') {
      const p = b.prizes[0];
      if (b.prizes.length !== 1 || p?.kind !== 'bonus') issue(ACTIVITY_MSG.envelopePrize);
      else if (p.amount_max !== undefined && p.amount_max < p.amount) issue(ACTIVITY_MSG.envelopeRange);
    }
    if (b.kind !== 'red_envelope' && b.prizes.some((p) => p.amount_max !== undefined))
      issue(ACTIVITY_MSG.prize);
    if (b.kind === 'sign') {
      const days = b.prizes.map((p) => p.streak_day);
      if (days.some((d) => !d) || new Set(days).size !== days.length) issue(ACTIVITY_MSG.streak);
    }
    const pool = b.prizes.reduce((s, p) => s + p.cost_fen * p.quantity, 0);
    if (pool > b.budget_fen)
      issue(
        `${ACTIVITY_MSG.overBudget}（奖池${(pool / 100).toFixed(2)}元，预算${(b.budget_fen / 100).toFixed(2)}元）`,
      );
  });
export type ActivitySaveBody = z.infer<typeof activitySaveBody>;

export const activityMoveBody = z.object({
  id: idParam,
  action: z.enum(ACTIVITY_ACTIONS, { error: ACTIVITY_MSG.badMove }),
});
export type ActivityMoveBody = z.infer<typeof activityMoveBody>;

export const activityListQuery = pageQuery.extend({
  kind: optional(z.enum(ENGINE_KINDS, { error: ACTIVITY_MSG.kind })),
  state: optional(z.enum(ACTIVITY_STATES, { error: '状态不正确' })),
});
export type ActivityListQuery = z.infer<typeof activityListQuery>;

export const activityClaimsQuery = pageQuery.extend({ id: idParam });

/** A claim from a PC: the member logged on at the machine. */
export const terminalClaimBody = z.object({
  machine_id: intField('机器编号无效', 1, ID_MAX),
  activity_id: intField('活动编号无效', 1, ID_MAX),
  request_id: requestId,
});
export type TerminalClaimBody = z.infer<typeof terminalClaimBody>;
export const terminalActivitiesQuery = z.object({ machine_id: intField('机器编号无效', 1, ID_MAX) });

export interface PrizeRow extends PrizeInput {
  id: number;
  issued: number;
}

export interface ActivityRow {
  id: number;
  netbar_id: number;
  kind: EngineKind;
  name: string;
  scope: 'store' | 'chain';
  status: ActivityStatus;
  state: ActivityState;
  starts_at: string;
  ends_at: string;
  windows: DailyWindow[];
  audience: Audience;
  per_day_limit: number;
  per_member_limit: number;
  budget_fen: number;
  spent_fen: number;
  price_kind: PriceKind;
  price_amount: number;
  threshold_fen: number;
  claims: number;
  members: number;
  prizes: PrizeRow[];
  created_at: string;
}

export interface ClaimRow {
  id: number;
  member_id: number;
  member_name: string;
  prize_name: string;
  prize_kind: PrizeKind | '';
  amount: number;
  cost_fen: number;
  paid_kind: PriceKind;
  paid_amount: number;
  streak: number;
  roll: number | null;
  at: string;
}

export interface ClaimResult {
  claim_id: number;
  replay: boolean;
  prize_name: string;
  prize_kind: PrizeKind | '';
  amount: number;
  streak: number;
}
export * from './activity-apps';
