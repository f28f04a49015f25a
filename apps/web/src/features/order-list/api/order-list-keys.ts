/** The order list's query keys (decision 090); a refund or cancel invalidates `all`. */
export const orderListKeys = {
  all: ['order-list'] as const,
  list: () => [...orderListKeys.all, 'list'] as const,
  detail: (id: number | null) => [...orderListKeys.all, 'detail', id] as const,
};
