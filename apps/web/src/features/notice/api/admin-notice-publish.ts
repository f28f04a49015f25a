import { http } from '../../../lib/http';

/** POST admin_notice_publish: a draft or a withdrawn notice goes out. */
export async function publishAdminNotice(id: number): Promise<void> {
  await http.post<null>('admin_notice_publish', { id });
}
