import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { changeScreenLink, saveScreenSettings } from './screen-api';
import { screenKeys } from './screen-keys';

export const useSaveScreenSettings = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(saveScreenSettings, [screenKeys.all], c);
export const useChangeScreenLink = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(changeScreenLink, [screenKeys.all], c);
