import type { GameMetric, GamePeriod } from '@netbar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchGameOverview, fetchLeaderboard } from './game-api';
import { gameKeys } from './game-keys';

export const gameOverviewQuery = () =>
  queryOptions({ queryKey: gameKeys.overview(), queryFn: fetchGameOverview });
export const useGameOverview = () => useQuery(gameOverviewQuery());

export const leaderboardQuery = (id: number, period: GamePeriod, metric?: GameMetric) =>
  queryOptions({
    queryKey: gameKeys.board(id, period, metric),
    queryFn: () => fetchLeaderboard({ activity_id: id, period, metric }),
    enabled: id > 0,
  });
export const useLeaderboard = (id: number, period: GamePeriod, metric?: GameMetric) =>
  useQuery(leaderboardQuery(id, period, metric));
