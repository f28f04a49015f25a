import type { PageParams } from './notice-list';

/**
 * The notice query keys (decision 090). Reading a notice reloads the unread count and the list;
 * the administrator's writes reload the administrator's table.
 */
export const noticeKeys = {
  all: ['notice'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (params: PageParams) => [...noticeKeys.lists(), params] as const,
  detail: (id: string) => [...noticeKeys.all, 'detail', id] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
  admin: () => [...noticeKeys.all, 'admin'] as const,
};
