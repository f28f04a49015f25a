import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { deleteRule, saveRule } from './commission-api';
import { commissionKeys } from './commission-keys';

/** A rule changes what every period earned: each write reloads the rules and the performance. */
const all = [commissionKeys.all];

export const useSaveRule = (c?: MutationConfig<unknown>) => useInvalidatingMutation(saveRule, all, c);
export const useDeleteRule = (c?: MutationConfig<unknown>) => useInvalidatingMutation(deleteRule, all, c);
