import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { cancelOrder, refundOrder } from './order-list-api';
import { orderListKeys } from './order-list-keys';

/** A refund or a cancel changes the row, its detail and the 合计: each reloads every order-list query. */
const all = [orderListKeys.all];
type Config<D> = MutationConfig<D>;

export const useRefundOrder = (c?: Config<Awaited<ReturnType<typeof refundOrder>>>) =>
  useInvalidatingMutation(refundOrder, all, c);
export const useCancelOrder = (c?: Config<Awaited<ReturnType<typeof cancelOrder>>>) =>
  useInvalidatingMutation(cancelOrder, all, c);
