/** The leasing query keys (decision 090): every rent, return, stock move or edit invalidates `all`. */
export const leaseKeys = {
  all: ['lease'] as const,
  items: () => [...leaseKeys.all, 'items'] as const,
  itemOptions: () => [...leaseKeys.all, 'item-options'] as const,
  ledger: (itemId: number | null) => [...leaseKeys.all, 'ledger', itemId] as const,
  orders: (scope: string) => [...leaseKeys.all, 'orders', scope] as const,
  order: (id: number | null) => [...leaseKeys.all, 'order', id] as const,
};
