import { http } from '../../../lib/http';

/** POST admin_notice_withdraw: a published notice is taken back. */
export async function withdrawAdminNotice(id: number): Promise<void> {
  await http.post<null>('admin_notice_withdraw', { id });
}
