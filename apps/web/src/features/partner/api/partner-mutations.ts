import type { PandaResult } from '@netbar/contract';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { partnerApi } from './partner-api';
import { partnerKeys } from './partner-keys';

/** The partner account's writes (decision 090): each reloads the binding. */
type Config<D> = MutationConfig<D>;

export const useBindPanda = (c?: Config<PandaResult>) =>
  useInvalidatingMutation(partnerApi.bind, [partnerKeys.all], c);
export const useRegisterPanda = (c?: Config<PandaResult>) =>
  useInvalidatingMutation(partnerApi.register, [partnerKeys.all], c);
export const useLoginPanda = (c?: Config<PandaResult>) =>
  useInvalidatingMutation(partnerApi.login, [partnerKeys.all], c);
export const useUnbindPanda = (c?: Config<{ user_name: string }>) =>
  useInvalidatingMutation(partnerApi.unbind, [partnerKeys.all], c);
