/** The activity query keys (decision 090): a save or a move reloads `all`; a switch reloads apps too. */
export const activityKeys = {
  all: ['activity'] as const,
  apps: () => [...activityKeys.all, 'apps'] as const,
  list: (kind?: string) => [...activityKeys.all, 'list', kind ?? 'all'] as const,
  claims: (id: number) => [...activityKeys.all, 'claims', id] as const,
  codes: (id: number) => [...activityKeys.all, 'codes', id] as const,
  drawResult: (id: number) => [...activityKeys.all, 'draw-result', id] as const,
  couponTemplates: () => [...activityKeys.all, 'coupon-templates'] as const,
};
