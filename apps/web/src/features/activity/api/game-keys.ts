/** 赛事活动's query keys (decision 090), under the activity feature's root so an app switch reloads them too. */
export const gameKeys = {
  all: ['activity', 'game'] as const,
  overview: () => [...gameKeys.all, 'overview'] as const,
  list: (type: string) => [...gameKeys.all, 'list', type] as const,
  results: () => [...gameKeys.all, 'results'] as const,
  board: (id: number, period: string, metric?: string) =>
    [...gameKeys.all, 'board', id, period, metric ?? ''] as const,
};
