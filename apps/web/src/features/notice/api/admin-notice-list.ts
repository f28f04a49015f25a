import type { Pager, UserTypeValue } from '@netbar/contract';
import { http } from '../../../lib/http';
import type { PageParams } from './notice-list';

export type AdminNoticeStatus = 'draft' | 'published' | 'withdrawn';

export interface AdminNoticeRow {
  id: number;
  title: string;
  content: string;
  user_types: UserTypeValue[];
  status: AdminNoticeStatus;
  publish_time: number | null;
  created_at: number;
}

/** GET admin_notice_list (the page table runs the query). */
export async function fetchAdminNotices(params: PageParams): Promise<Pager<AdminNoticeRow>> {
  const res = await http.get<Pager<AdminNoticeRow>>('admin_notice_list', { ...params });
  return res.data;
}
