import type { NoticeRow, Pager } from '@netbar/contract';
import { http } from '../../../lib/http';

export type { NoticeRow };

export interface PageParams {
  page: number;
  page_size: number;
}

/** GET notice_list: the user's notices, newest first. */
export async function fetchNoticeList(params: PageParams): Promise<Pager<NoticeRow>> {
  const res = await http.get<Pager<NoticeRow>>('notice_list', { ...params });
  return res.data;
}
