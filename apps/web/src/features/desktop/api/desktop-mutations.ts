import type { DesktopConfigRow } from '@netbar/contract';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { deleteDesktopConfig, saveDesktopConfig } from './desktop-api';
import { desktopKeys } from './desktop-keys';

export const useSaveDesktop = (c?: MutationConfig<DesktopConfigRow>) =>
  useInvalidatingMutation(saveDesktopConfig, [desktopKeys.all], c);
export const useDeleteDesktop = (c?: MutationConfig<unknown>) =>
  useInvalidatingMutation(deleteDesktopConfig, [desktopKeys.all], c);
