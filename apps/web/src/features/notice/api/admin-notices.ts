import type { Pager, UserTypeValue } from '@netbar/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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

export interface AdminNoticeInput {
  id?: number;
  title: string;
  content: string;
  user_types: UserTypeValue[];
}

export const ADMIN_NOTICE_KEY = ['admin', 'notice'] as const;

/** GET admin_notice_list. */
export async function fetchAdminNotices(params: PageParams): Promise<Pager<AdminNoticeRow>> {
  const res = await http.get<Pager<AdminNoticeRow>>('admin_notice_list', { ...params });
  return res.data;
}

/** POST admin_notice_save: user_types travel as a comma-separated string, e.g. '1,3'. */
export async function saveAdminNotice(input: AdminNoticeInput): Promise<{ id: number }> {
  const res = await http.post<{ id: number }>('admin_notice_save', {
    ...(input.id ? { id: input.id } : {}),
    title: input.title,
    content: input.content,
    user_types: [...input.user_types].sort((a, b) => a - b).join(','),
  });
  return res.data;
}

/** POST admin_notice_publish. */
export async function publishAdminNotice(id: number): Promise<void> {
  await http.post<null>('admin_notice_publish', { id });
}

/** POST admin_notice_withdraw. */
export async function withdrawAdminNotice(id: number): Promise<void> {
  await http.post<null>('admin_notice_withdraw', { id });
}

function useAdminNoticeMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_NOTICE_KEY }),
  });
}

export const useSaveAdminNotice = () => useAdminNoticeMutation(saveAdminNotice);
export const usePublishAdminNotice = () => useAdminNoticeMutation(publishAdminNotice);
export const useWithdrawAdminNotice = () => useAdminNoticeMutation(withdrawAdminNotice);
