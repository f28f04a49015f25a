/** 私域运营 query keys (decision 090): a save or delete reloads `all`. */
export const siyuKeys = {
  all: ['siyu'] as const,
  codes: () => [...siyuKeys.all, 'codes'] as const,
  stats: (days: number) => [...siyuKeys.all, 'stats', days] as const,
};
