import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { cancelCampaign, saveCampaign, sendCampaign } from './sms-marketing-api';
import { smsKeys } from './sms-marketing-keys';

const all = [smsKeys.all];
export const useSaveCampaign = (c?: MutationConfig<Awaited<ReturnType<typeof saveCampaign>>>) =>
  useInvalidatingMutation(saveCampaign, all, c);
export const useSendCampaign = (c?: MutationConfig<Awaited<ReturnType<typeof sendCampaign>>>) =>
  useInvalidatingMutation(sendCampaign, all, c);
export const useCancelCampaign = (c?: MutationConfig<Awaited<ReturnType<typeof cancelCampaign>>>) =>
  useInvalidatingMutation(cancelCampaign, all, c);
