import type { StoreListParams } from './store-list';

/** The store query keys (decision 090). A store switch invalidates every query (another store's data). */
export const storeKeys = {
  all: ['store'] as const,
  lists: () => [...storeKeys.all, 'list'] as const,
  list: (params: StoreListParams) => [...storeKeys.lists(), params] as const,
  /** The name of the store the user works in now: per user and store. */
  current: (userId?: number, nid?: number) => [...storeKeys.all, 'current', userId, nid] as const,
};
