import type { UserTypeValue } from '@netbar/contract';
import { http } from '../../../lib/http';

export interface AdminNoticeInput {
  id?: number;
  title: string;
  content: string;
  user_types: UserTypeValue[];
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
