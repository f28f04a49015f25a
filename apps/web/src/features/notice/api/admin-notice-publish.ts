import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { ADMIN_NOTICE_KEY } from './admin-notice-list';

/** POST admin_notice_publish: a draft or a withdrawn notice goes out. */
export async function publishAdminNotice(id: number): Promise<void> {
  await http.post<null>('admin_notice_publish', { id });
}

export function usePublishAdminNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishAdminNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_NOTICE_KEY }),
  });
}
