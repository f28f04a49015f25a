import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  generateGiftCodes,
  moveActivity,
  saveActivity,
  saveLiveDraw,
  savePromotion,
  switchApp,
} from './activity-api';
import { activityKeys } from './activity-keys';

const all = [activityKeys.all];

export const useSwitchApp = (c?: MutationConfig<Awaited<ReturnType<typeof switchApp>>>) =>
  useInvalidatingMutation(switchApp, all, c);
export const useSaveActivity = (c?: MutationConfig<Awaited<ReturnType<typeof saveActivity>>>) =>
  useInvalidatingMutation(saveActivity, all, c);
export const useMoveActivity = (c?: MutationConfig<Awaited<ReturnType<typeof moveActivity>>>) =>
  useInvalidatingMutation(moveActivity, all, c);
export const useGenerateGiftCodes = (c?: MutationConfig<Awaited<ReturnType<typeof generateGiftCodes>>>) =>
  useInvalidatingMutation(generateGiftCodes, all, c);
export const useSavePromotion = (c?: MutationConfig<Awaited<ReturnType<typeof savePromotion>>>) =>
  useInvalidatingMutation(savePromotion, all, c);
export const useSaveLiveDraw = (c?: MutationConfig<Awaited<ReturnType<typeof saveLiveDraw>>>) =>
  useInvalidatingMutation(saveLiveDraw, all, c);
