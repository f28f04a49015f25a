import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  changeStatus,
  confirmScanLogon,
  correct,
  deleteLevel,
  redeem,
  refundCard,
  resetPassword,
  saveLevel,
  saveMember,
  saveSettings,
  topUp,
  transfer,
} from './member-api';
import { memberKeys } from './member-keys';

/** The member writes: each touches lists, the open member and its ledger, so each invalidates `memberKeys.all`. */
const all = [memberKeys.all];
type Config<D> = MutationConfig<D>;

export const useSaveMember = (c?: Config<Awaited<ReturnType<typeof saveMember>>>) =>
  useInvalidatingMutation(saveMember, all, c);
export const useChangeStatus = (c?: Config<unknown>) => useInvalidatingMutation(changeStatus, all, c);
export const useRefundCard = (c?: Config<unknown>) => useInvalidatingMutation(refundCard, all, c);
export const useTopUp = (c?: Config<Awaited<ReturnType<typeof topUp>>>) =>
  useInvalidatingMutation(topUp, all, c);
export const useCorrect = (c?: Config<unknown>) => useInvalidatingMutation(correct, all, c);
export const useTransfer = (c?: Config<unknown>) => useInvalidatingMutation(transfer, all, c);
export const useRedeem = (c?: Config<unknown>) => useInvalidatingMutation(redeem, all, c);
export const useSaveSettings = (c?: Config<unknown>) => useInvalidatingMutation(saveSettings, all, c);
export const useSaveLevel = (c?: Config<unknown>) => useInvalidatingMutation(saveLevel, all, c);
export const useDeleteLevel = (c?: Config<unknown>) => useInvalidatingMutation(deleteLevel, all, c);
export const useResetPassword = (c?: Config<unknown>) => useInvalidatingMutation(resetPassword, all, c);
export const useConfirmScanLogon = (c?: Config<Awaited<ReturnType<typeof confirmScanLogon>>>) =>
  useInvalidatingMutation(confirmScanLogon, [], c);
