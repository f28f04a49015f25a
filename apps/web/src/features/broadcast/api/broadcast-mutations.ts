import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { saveBroadcastSettings } from './broadcast-api';
import { broadcastKeys } from './broadcast-keys';

export const useSaveBroadcastSettings = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(saveBroadcastSettings, [broadcastKeys.all], c);
