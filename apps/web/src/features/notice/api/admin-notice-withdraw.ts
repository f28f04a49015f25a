import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ADMIN_NOTICE_KEY } from './admin-notice-list';

/** POST admin_notice_withdraw: a published notice is taken back. */
export async function withdrawAdminNotice(id: number): Promise<void> {
  await http.post<null>('admin_notice_withdraw', { id });
}

export function useWithdrawAdminNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawAdminNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_NOTICE_KEY }),
  });
}
