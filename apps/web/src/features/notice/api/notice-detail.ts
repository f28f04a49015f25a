import type { NoticeDetail } from '@netbar/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export type { NoticeDetail };

/** GET notice_detail: opening a notice marks it as read on the server. */
export async function fetchNoticeDetail(id: string): Promise<NoticeDetail> {
  const res = await http.get<NoticeDetail>('notice_detail', { id });
  return res.data;
}

export function useNoticeDetail(id: string) {
  return useQuery({
    queryKey: ['notice', 'detail', id],
    queryFn: () => fetchNoticeDetail(id),
    enabled: !!id,
  });
}
