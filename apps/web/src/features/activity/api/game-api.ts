import type {
  GameActivityRow,
  GameCard,
  GameMetric,
  GamePeriod,
  GameResultAnswer,
  GameResultRow,
  GameReviewBody,
  GameType,
  LeaderboardRow,
  Pager,
} from '@netbar/contract';
import { http } from '../../../lib/http';

/** 赛事活动's calls (decision 181); keys in game-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export const fetchGameOverview = async () => (await http.get<GameCard[]>('game_overview')).data;
export const fetchGames = async (p: Params & { game_type: GameType }) =>
  (await http.get<Pager<GameActivityRow>>('game_list', clean(p))).data;
export const saveGame = async (b: Record<string, unknown>) =>
  (await http.post<GameActivityRow>('game_save', b)).data;
export const moveGame = async (b: { id: number; action: 'publish' | 'pause' | 'resume' | 'end' }) =>
  (await http.post<GameActivityRow>('game_move', b)).data;
export const fetchGameResults = async (p: Params) =>
  (await http.get<Pager<GameResultRow>>('game_results', clean(p))).data;
export const reviewGameResult = async (b: GameReviewBody) =>
  (await http.post<GameResultAnswer>('game_result_review', b)).data;

export interface Leaderboard {
  activity_id: number;
  game_type: GameType;
  metric: GameMetric;
  period: GamePeriod;
  list: LeaderboardRow[];
}
export const fetchLeaderboard = async (p: { activity_id: number; period: GamePeriod; metric?: GameMetric }) =>
  (await http.get<Leaderboard>('game_leaderboard', clean(p))).data;
