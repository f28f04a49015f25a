import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { reviewMerchant, saveDraft, submitMerchant } from './merchant-api';
import { merchantKeys } from './merchant-keys';

const all = [merchantKeys.all];

export const useSaveDraft = (c?: MutationConfig<Awaited<ReturnType<typeof saveDraft>>>) =>
  useInvalidatingMutation(saveDraft, all, c);
export const useSubmitMerchant = (c?: MutationConfig<Awaited<ReturnType<typeof submitMerchant>>>) =>
  useInvalidatingMutation(submitMerchant, all, c);
export const useReviewMerchant = (c?: MutationConfig<Awaited<ReturnType<typeof reviewMerchant>>>) =>
  useInvalidatingMutation(reviewMerchant, all, c);
