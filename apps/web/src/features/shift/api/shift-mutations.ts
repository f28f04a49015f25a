import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { approveShift, handover, openShift, pettyCash, saveSettings } from './shift-api';
import { shiftKeys } from './shift-keys';

/** The shift writes: each moves the till or a record, so each reloads every shift query (`shiftKeys.all`). */

const all = [shiftKeys.all];
type Config<D> = MutationConfig<D>;

export const useOpenShift = (c?: Config<Awaited<ReturnType<typeof openShift>>>) =>
  useInvalidatingMutation(openShift, all, c);
export const usePettyCash = (c?: Config<unknown>) => useInvalidatingMutation(pettyCash, all, c);
export const useHandover = (c?: Config<Awaited<ReturnType<typeof handover>>>) =>
  useInvalidatingMutation(handover, all, c);
export const useApproveShift = (c?: Config<unknown>) => useInvalidatingMutation(approveShift, all, c);
export const useSaveShiftSettings = (c?: Config<unknown>) =>
  useInvalidatingMutation(saveSettings, [shiftKeys.settings(), shiftKeys.current()], c);
