/** The tip query keys (decision 090): every tip or payout invalidates `all`. */
export const tipKeys = {
  all: ['tip'] as const,
  list: (kind: string) => [...tipKeys.all, 'list', kind] as const,
  unpaid: () => [...tipKeys.all, 'unpaid'] as const,
  staff: () => [...tipKeys.all, 'staff'] as const,
};
