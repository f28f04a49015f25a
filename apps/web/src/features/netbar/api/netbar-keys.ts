/**
 * The netbar query keys (decision 090). A change to the agent's book (register, bind, delete, unbind,
 * assign, extend) reloads the list and the figure cards: `book()` is their common prefix.
 */
export const netbarKeys = {
  all: ['netbar'] as const,
  book: () => [...netbarKeys.all, 'book'] as const,
  list: () => [...netbarKeys.book(), 'list'] as const,
  statics: () => [...netbarKeys.book(), 'statics'] as const,
  remarks: () => [...netbarKeys.all, 'remarks'] as const,
  remarksOf: (netbarId: number | undefined) => [...netbarKeys.remarks(), netbarId] as const,
  /** The renewal dialog: products on sale and the wallet balance. */
  products: () => [...netbarKeys.all, 'products'] as const,
  balance: () => [...netbarKeys.all, 'balance'] as const,
  delay: () => [...netbarKeys.all, 'delay'] as const,
  delayList: () => [...netbarKeys.delay(), 'list'] as const,
  delayMax: () => [...netbarKeys.delay(), 'max'] as const,
  /** 站点设置: the store's business-day start. */
  dayStart: () => [...netbarKeys.all, 'day-start'] as const,
};
