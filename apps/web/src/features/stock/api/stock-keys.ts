/** The stock query keys (decision 090): every stock query's key comes from here; writes invalidate `all`. */
export const stockKeys = {
  all: ['stock'] as const,
  list: () => [...stockKeys.all, 'list'] as const,
  setting: () => [...stockKeys.all, 'setting'] as const,
  docs: (type: string) => [...stockKeys.all, 'docs', type] as const,
  doc: (id: number | null) => [...stockKeys.all, 'doc', id] as const,
  report: () => [...stockKeys.all, 'report'] as const,
  ledger: () => [...stockKeys.all, 'ledger'] as const,
  deadStock: () => [...stockKeys.all, 'dead-stock'] as const,
};

/** The prefix the history page and older callers use. */
export const STOCK_KEY = stockKeys.all;
