import { http } from '../../../lib/http';

/** GET notice_unread_count: a background check, so it never toasts. */
export async function fetchUnreadCount(): Promise<number> {
  const res = await http.get<{ count: number }>('notice_unread_count', undefined, { silent: true });
  return Number(res.data?.count ?? 0);
}
