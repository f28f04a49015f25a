import type { GameMetric, GamePeriod, GameRewardKind, GameType } from '@netbar/contract';

/** A task as the form holds it: money in yuan. */
export interface TaskField {
  name: string;
  metric: GameMetric;
  target: number;
  period: GamePeriod;
  reward_kind: GameRewardKind;
  /** 奖励金 in yuan, or points. */
  amount: number;
  /** A points reward's cost to the store, yuan per payout. */
  cost_yuan?: number;
  quantity: number;
}

const t = (
  name: string,
  metric: GameMetric,
  target: number,
  period: GamePeriod,
  reward_kind: GameRewardKind,
  amount: number,
  quantity: number,
): TaskField => ({
  name,
  metric,
  target,
  period,
  reward_kind,
  amount,
  quantity,
  cost_yuan: reward_kind === 'points' ? amount / 100 : undefined,
});

/** The tasks a new activity of each game starts with (the owner edits them). */
export const GAME_PRESETS: Record<GameType, TaskField[]> = {
  League_of_Heroes: [
    t('今日排位赛胜3场', 'wins', 3, 'day', 'bonus', 5, 200),
    t('今日对局5局', 'matches', 5, 'day', 'points', 100, 500),
  ],
  Forever: [
    t('今日胜2场', 'wins', 2, 'day', 'bonus', 5, 200),
    t('累计击杀50次', 'kills', 50, 'activity', 'points', 300, 300),
  ],
  PUBG: [
    t('今日吃鸡1次', 'wins', 1, 'day', 'bonus', 5, 200),
    t('累计游戏2小时', 'minutes', 120, 'activity', 'points', 200, 500),
  ],
  Yunding: [t('今日前四3次', 'wins', 3, 'day', 'bonus', 3, 200)],
  League: [t('联赛胜5场', 'wins', 5, 'activity', 'bonus', 20, 50)],
  League_yunding: [t('联赛前四5次', 'wins', 5, 'activity', 'bonus', 20, 50)],
  ThreeKingdomsKill: [
    t('今日胜3局', 'wins', 3, 'day', 'bonus', 3, 200),
    t('今日对局10局', 'matches', 10, 'day', 'points', 100, 500),
  ],
};
