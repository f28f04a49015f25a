import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { issueCoupon, saveTemplate, setTemplateStatus, voidCoupon } from './coupon-api';
import { couponKeys } from './coupon-keys';

const all = [couponKeys.all];
export const useSaveTemplate = (c?: MutationConfig<Awaited<ReturnType<typeof saveTemplate>>>) =>
  useInvalidatingMutation(saveTemplate, all, c);
export const useTemplateStatus = (c?: MutationConfig<Awaited<ReturnType<typeof setTemplateStatus>>>) =>
  useInvalidatingMutation(setTemplateStatus, all, c);
export const useIssueCoupon = (c?: MutationConfig<Awaited<ReturnType<typeof issueCoupon>>>) =>
  useInvalidatingMutation(issueCoupon, all, c);
export const useVoidCoupon = (c?: MutationConfig<Awaited<ReturnType<typeof voidCoupon>>>) =>
  useInvalidatingMutation(voidCoupon, all, c);
