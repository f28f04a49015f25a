import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { publishAdminNotice } from './admin-notice-publish';
import { saveAdminNotice } from './admin-notice-save';
import { withdrawAdminNotice } from './admin-notice-withdraw';
import { noticeKeys } from './notice-keys';

/** The administrator's notice writes: each reloads the administrator's table (decision 090). */

export const useSaveAdminNotice = (c?: MutationConfig<{ id: number }>) =>
  useInvalidatingMutation(saveAdminNotice, [noticeKeys.admin()], c);
export const usePublishAdminNotice = (c?: MutationConfig<void>) =>
  useInvalidatingMutation(publishAdminNotice, [noticeKeys.admin()], c);
export const useWithdrawAdminNotice = (c?: MutationConfig<void>) =>
  useInvalidatingMutation(withdrawAdminNotice, [noticeKeys.admin()], c);
