import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { deleteCode, saveCode } from './siyu-api';
import { siyuKeys } from './siyu-keys';

const all = [siyuKeys.all];
export const useSaveCode = (c?: MutationConfig<Awaited<ReturnType<typeof saveCode>>>) =>
  useInvalidatingMutation(saveCode, all, c);
export const useDeleteCode = (c?: MutationConfig<Awaited<ReturnType<typeof deleteCode>>>) =>
  useInvalidatingMutation(deleteCode, all, c);
