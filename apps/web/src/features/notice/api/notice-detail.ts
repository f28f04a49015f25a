import type { NoticeDetail } from '@netbar/contract';
import { http } from '../../../lib/http';

export type { NoticeDetail };

/** GET notice_detail: opening a notice marks it as read on the server. */
export async function fetchNoticeDetail(id: string): Promise<NoticeDetail> {
  const res = await http.get<NoticeDetail>('notice_detail', { id });
  return res.data;
}
