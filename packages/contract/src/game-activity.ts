import { z } from 'zod';
import { ACTIVITY_MSG, type ActivityState, audienceSchema } from './activity';
import { ACTIVITY_KIND_LABELS, LEAGUE_KIND_LABELS } from './enums';
import { jsonArray } from './goods';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, optional, text } from './validation/helpers';

/**
 * 赛事活动 (issue 17 item 3, decision 181): a game activity is an engine activity of kind `game` for one
 * game type, whose prizes are task rewards. A task ('今日排位赛胜3场', '累计游戏2小时') names a metric, a
 * target and a period (day or the whole activity); a member whose accepted results reach the target is
 * paid the task's reward once per period, from the activity's budget and the reward's quantity.
 */

/** The spec's activity kinds and league variants (section 3): the 7 game types. */
export const GAME_TYPES = [
  'League_of_Heroes',
  'Forever',
  'PUBG',
  'Yunding',
  'League',
  'League_yunding',
  'ThreeKingdomsKill',
] as const;
export type GameType = (typeof GAME_TYPES)[number];
export const GAME_TYPE_LABELS: Record<GameType, string> = {
  ...ACTIVITY_KIND_LABELS,
  ...LEAGUE_KIND_LABELS,
};
/** The console page of a game type's settings: 三国杀 has its own route (10507), the others share 10506. */
export const gameSettingsPath = (t: GameType) =>
  t === 'ThreeKingdomsKill'
    ? `/application_manage/three_kingdoms_kill/${t}`
    : `/application_manage/sctivitysettings/${t}`;
export const isGameType = (v: unknown): v is GameType =>
  typeof v === 'string' && (GAME_TYPES as readonly string[]).includes(v);

export const GAME_METRICS = ['wins', 'matches', 'minutes', 'kills'] as const;
export type GameMetric = (typeof GAME_METRICS)[number];
export const GAME_METRIC_LABELS: Record<GameMetric, string> = {
  wins: '胜场',
  matches: '对局',
  minutes: '游戏时长',
  kills: '击杀',
};
export const GAME_METRIC_UNITS: Record<GameMetric, string> = {
  wins: '场',
  matches: '局',
  minutes: '分钟',
  kills: '次',
};
/** The most one result may report (a day of play, a generous match count). */
export const GAME_METRIC_MAX: Record<GameMetric, number> = {
  wins: 50,
  matches: 50,
  minutes: 1440,
  kills: 500,
};

export const GAME_PERIODS = ['day', 'activity'] as const;
export type GamePeriod = (typeof GAME_PERIODS)[number];
export const GAME_PERIOD_LABELS: Record<GamePeriod, string> = { day: '每日', activity: '活动期内' };

export const GAME_REWARD_KINDS = ['bonus', 'points'] as const;
export type GameRewardKind = (typeof GAME_REWARD_KINDS)[number];

export const GAME_RESULT_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type GameResultStatus = (typeof GAME_RESULT_STATUSES)[number];
export const GAME_RESULT_STATUS_LABELS: Record<GameResultStatus, string> = {
  pending: '待确认',
  accepted: '已确认',
  rejected: '已驳回',
};

export const GAME_MSG = {
  type: '游戏类型不正确',
  task: '任务格式不正确',
  taskName: '任务名称为1-20个字符',
  metric: '任务指标不正确',
  target: '任务目标须为大于0的整数',
  period: '任务周期须为每日或活动期内',
  reward: '奖励须为奖励金或积分，数量为大于0的整数',
  tasks: '请设置1-10个任务',
  taskDuplicate: '任务名称不能重复',
  value: '成绩须为大于0的整数',
  screenshot: '截图地址须为以 http(s):// 或 / 开头的地址（最长300个字符）',
  notGame: '该活动不是赛事活动',
  noTask: '本活动没有这项指标的任务',
  reviewed: '该成绩已处理过',
  remark: '驳回原因最多50个字符',
} as const;

const T = { error: GAME_MSG.task };
export const gameTaskInput = z.object(
  {
    name: z.string(T).trim().min(1, { error: GAME_MSG.taskName }).max(20, { error: GAME_MSG.taskName }),
    metric: z.enum(GAME_METRICS, { error: GAME_MSG.metric }),
    target: z
      .number({ error: GAME_MSG.target })
      .int({ error: GAME_MSG.target })
      .min(1, { error: GAME_MSG.target })
      .max(100_000, { error: GAME_MSG.target }),
    period: z.enum(GAME_PERIODS, { error: GAME_MSG.period }),
    reward_kind: z.enum(GAME_REWARD_KINDS, { error: GAME_MSG.reward }),
    /** fen (奖励金) or points. */
    amount: z
      .number({ error: GAME_MSG.reward })
      .int({ error: GAME_MSG.reward })
      .min(1, { error: GAME_MSG.reward })
      .max(10_000_000, { error: GAME_MSG.reward }),
    /** What one payout costs the store (fen); a 奖励金 reward costs its amount. */
    cost_fen: z
      .number({ error: GAME_MSG.reward })
      .int({ error: GAME_MSG.reward })
      .min(0, { error: GAME_MSG.reward })
      .max(100_000_000, { error: GAME_MSG.reward }),
    /** How many payouts the reward has in all (its share of the pool). */
    quantity: z
      .number({ error: ACTIVITY_MSG.prize })
      .int({ error: ACTIVITY_MSG.prize })
      .min(1, { error: ACTIVITY_MSG.prize })
      .max(1_000_000, { error: ACTIVITY_MSG.prize }),
  },
  T,
);
export type GameTaskInput = z.infer<typeof gameTaskInput>;

const localTime = z
  .string({ error: ACTIVITY_MSG.time })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/, { error: ACTIVITY_MSG.time });
const at = (v: string) => new Date(`${v.replace(' ', 'T')}+08:00`).getTime();

export const gameSaveBody = z
  .object({
    id: optional(idParam),
    game_type: z.enum(GAME_TYPES, { error: GAME_MSG.type }),
    name: text(ACTIVITY_MSG.name, 1, 30),
    starts_at: localTime,
    ends_at: localTime,
    budget_fen: intField('活动预算须为0-1000000元之间的金额', 0, 100_000_000),
    audience: z.preprocess((v) => {
      const e = emptyToUndefined(v);
      if (typeof e !== 'string') return e ?? {};
      try {
        return JSON.parse(e);
      } catch {
        return e;
      }
    }, audienceSchema),
    tasks: jsonArray(gameTaskInput, GAME_MSG.task).refine((a) => a.length >= 1 && a.length <= 10, {
      error: GAME_MSG.tasks,
    }),
  })
  .superRefine((b, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (Number.isNaN(at(b.starts_at)) || Number.isNaN(at(b.ends_at))) return issue(ACTIVITY_MSG.time);
    if (at(b.ends_at) <= at(b.starts_at)) issue(ACTIVITY_MSG.endBeforeStart);
    if (new Set(b.tasks.map((t) => t.name)).size !== b.tasks.length) issue(GAME_MSG.taskDuplicate);
    const pool = b.tasks.reduce(
      (s, t) => s + (t.reward_kind === 'bonus' ? t.amount : t.cost_fen) * t.quantity,
      0,
    );
    if (pool > b.budget_fen)
      issue(
        `${ACTIVITY_MSG.overBudget}（奖池${(pool / 100).toFixed(2)}元，预算${(b.budget_fen / 100).toFixed(2)}元）`,
      );
  });
export type GameSaveBody = z.infer<typeof gameSaveBody>;

export const gameListQuery = pageQuery.extend({
  game_type: z.enum(GAME_TYPES, { error: GAME_MSG.type }),
});
export const gameMoveBody = z.object({
  id: idParam,
  action: z.enum(['publish', 'pause', 'resume', 'end'], { error: ACTIVITY_MSG.badMove }),
});

export const gameResultsQuery = pageQuery.extend({
  activity_id: optional(idParam),
  status: optional(z.enum(GAME_RESULT_STATUSES, { error: '状态不正确' })),
});
export const gameReviewBody = z.object({
  id: idParam,
  action: z.enum(['confirm', 'reject'], { error: '请选择确认或驳回' }),
  remark: z.preprocess(
    (v) => emptyToUndefined(v) ?? '',
    z.string({ error: GAME_MSG.remark }).trim().max(50, { error: GAME_MSG.remark }),
  ),
});
export type GameReviewBody = z.infer<typeof gameReviewBody>;

export const gameLeaderboardQuery = z.object({
  activity_id: idParam,
  period: z.preprocess(
    (v) => emptyToUndefined(v) ?? 'activity',
    z.enum(GAME_PERIODS, { error: GAME_MSG.period }),
  ),
  metric: optional(z.enum(GAME_METRICS, { error: GAME_MSG.metric })),
});
export type GameLeaderboardQuery = z.infer<typeof gameLeaderboardQuery>;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });

/** A PC reports a result of the member logged on at it; with a screenshot it waits for staff (待确认). */
export const terminalGameResultBody = z
  .object({
    machine_id: intField('机器编号无效', 1, ID_MAX),
    activity_id: intField('活动编号无效', 1, ID_MAX),
    metric: z.enum(GAME_METRICS, { error: GAME_MSG.metric }),
    value: intField(GAME_MSG.value, 1, 100_000),
    request_id: requestId,
    screenshot: optional(
      z
        .string({ error: GAME_MSG.screenshot })
        .trim()
        .max(300, { error: GAME_MSG.screenshot })
        .regex(/^(https?:\/\/|\/)[^\s]+$/, { error: GAME_MSG.screenshot }),
    ),
  })
  .superRefine((b, ctx) => {
    if (b.value > GAME_METRIC_MAX[b.metric])
      ctx.addIssue({
        code: 'custom',
        message: `单次上报的${GAME_METRIC_LABELS[b.metric]}不能超过${GAME_METRIC_MAX[b.metric]}${GAME_METRIC_UNITS[b.metric]}`,
      });
  });
export type TerminalGameResultBody = z.infer<typeof terminalGameResultBody>;
export const terminalGameQuery = z.object({ machine_id: intField('机器编号无效', 1, ID_MAX) });
export const terminalLeaderboardQuery = gameLeaderboardQuery;

export interface GameTaskRow extends GameTaskInput {
  prize_id: number;
  issued: number;
}
export interface GameActivityRow {
  id: number;
  game_type: GameType;
  name: string;
  state: ActivityState;
  starts_at: string;
  ends_at: string;
  budget_fen: number;
  spent_fen: number;
  claims: number;
  members: number;
  pending: number;
  tasks: GameTaskRow[];
}
/** One card of 赛事活动: the game type and its current activity (running, else the latest), if any. */
export interface GameCard {
  game_type: GameType;
  title: string;
  path: string;
  activity: GameActivityRow | null;
  activities: number;
}
export interface GameResultRow {
  id: number;
  activity_id: number;
  activity_name: string;
  game_type: GameType;
  member_id: number;
  member_name: string;
  machine_id: number | null;
  metric: GameMetric;
  value: number;
  day: string;
  status: GameResultStatus;
  screenshot: string;
  remark: string;
  reviewed_by_name: string;
  at: string;
}
export interface GamePayout {
  task: string;
  reward_kind: GameRewardKind;
  amount: number;
}
export interface GameResultAnswer {
  result_id: number;
  status: GameResultStatus;
  replay: boolean;
  paid: GamePayout[];
}
/** GAME (106) on the live channel (decision 187): a result recorded or reviewed; the consoles reload 赛事活动. */
export interface GameResultEvent {
  activity_id: number;
  result_id: number;
  status: GameResultStatus;
  /** Tasks this result completed and paid. */
  paid: number;
}
export interface LeaderboardRow {
  rank: number;
  member_id: number;
  member_name: string;
  value: number;
  tasks_done: number;
}
export interface MemberTaskProgress {
  prize_id: number;
  name: string;
  metric: GameMetric;
  target: number;
  period: GamePeriod;
  progress: number;
  done: boolean;
  reward_kind: GameRewardKind;
  amount: number;
}
