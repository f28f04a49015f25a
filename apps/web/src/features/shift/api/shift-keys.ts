/** The shift query keys (decision 090): every shift query's key comes from here; writes invalidate `all`. */
export const shiftKeys = {
  all: ['shift'] as const,
  current: () => [...shiftKeys.all, 'current'] as const,
  cashiers: () => [...shiftKeys.all, 'cashiers'] as const,
  records: () => [...shiftKeys.all, 'records'] as const,
  detail: (id: number | null) => [...shiftKeys.all, 'detail', id] as const,
  summary: (params: object) => [...shiftKeys.all, 'summary', params] as const,
  settings: () => [...shiftKeys.all, 'settings'] as const,
  slipTemplate: () => [...shiftKeys.all, 'slip-template'] as const,
};
