import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { publishAgreement, saveAgreement } from './agreement-api';
import { agreementKeys } from './agreement-keys';

/** The agreement writes reload the version list and the public pages (decision 090). */
const touched = () => [agreementKeys.all];

export const useSaveAgreement = (c?: MutationConfig<{ id: number }>) =>
  useInvalidatingMutation(saveAgreement, touched(), c);
export const usePublishAgreement = (c?: MutationConfig<void>) =>
  useInvalidatingMutation(publishAgreement, touched(), c);
