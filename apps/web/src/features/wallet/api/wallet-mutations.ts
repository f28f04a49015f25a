import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  adjustBalance,
  type ReviewInput,
  reviewRecharge,
  saveAgentSettings,
  saveProduct,
  saveProfitRate,
} from './wallet-admin-api';
import { cancelOrder, createRecharge, payOrder } from './wallet-api';
import { walletKeys } from './wallet-keys';

/** The wallet writes (decision 090): a refused call is shown by the request client and not rethrown. */

type Config<D = unknown> = MutationConfig<D>;

/** The agent's own wallet: each reloads the balance and the ledger, order and recharge lists. */
export const useCreateRecharge = (c?: Config) =>
  useInvalidatingMutation(createRecharge, [walletKeys.mine()], c);
export const usePayOrder = (c?: Config) => useInvalidatingMutation(payOrder, [walletKeys.mine()], c);
export const useCancelOrder = (c?: Config) => useInvalidatingMutation(cancelOrder, [walletKeys.mine()], c);

/** The platform's writes. */
export const useAdjustBalance = (c?: Config) =>
  useInvalidatingMutation(adjustBalance, [walletKeys.agents()], c);
export const useReviewRecharge = (c?: Config<ReviewInput['kind']>) =>
  useInvalidatingMutation(reviewRecharge, [walletKeys.rechargeReview()], c);
export const useSaveProduct = (c?: Config) =>
  useInvalidatingMutation(saveProduct, [walletKeys.products()], c);
export const useSaveAgentSettings = (c?: Config) =>
  useInvalidatingMutation(saveAgentSettings, [walletKeys.agentSettings()], c);

export const useSaveProfitRate = (c?: Config) =>
  useInvalidatingMutation(saveProfitRate, [walletKeys.profit()], c);
