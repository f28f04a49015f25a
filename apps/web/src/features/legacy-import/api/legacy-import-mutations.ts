import type { LegacyLoginResult } from '@netbar/contract';
import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { legacyImportApi } from './legacy-import-api';
import { legacyImportKeys } from './legacy-import-keys';

/** 从旧系统导入's writes (decision 090): a started import reloads the progress. */
type Config<D> = MutationConfig<D>;

export const useLegacyLogin = (c?: Config<LegacyLoginResult>) =>
  useInvalidatingMutation(legacyImportApi.login, [], c);
export const useStartImport = (c?: Config<{ job_id: number }>) =>
  useInvalidatingMutation(legacyImportApi.start, [legacyImportKeys.all], c);
