import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { payout, tipAtCounter } from './tip-api';
import { tipKeys } from './tip-keys';

/** A tip or a payout moves the tip ledger: each reloads every tip query (`tipKeys.all`). */
const all = [tipKeys.all];

export const useTipAtCounter = (c?: MutationConfig<Awaited<ReturnType<typeof tipAtCounter>>>) =>
  useInvalidatingMutation(tipAtCounter, all, c);
export const usePayout = (c?: MutationConfig<Awaited<ReturnType<typeof payout>>>) =>
  useInvalidatingMutation(payout, all, c);
