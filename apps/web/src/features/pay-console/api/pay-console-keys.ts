/** 交易查询 query keys (decision 090): a refund decision reloads the search, the detail and the requests. */
export const payConsoleKeys = {
  all: ['pay-console'] as const,
  trades: () => [...payConsoleKeys.all, 'trades'] as const,
  storeTrades: () => [...payConsoleKeys.all, 'store-trades'] as const,
  importedCollections: () => [...payConsoleKeys.all, 'imported-collections'] as const,
  detail: (no: string) => [...payConsoleKeys.all, 'detail', no] as const,
  requests: () => [...payConsoleKeys.all, 'requests'] as const,
  stores: () => [...payConsoleKeys.all, 'stores'] as const,
};
