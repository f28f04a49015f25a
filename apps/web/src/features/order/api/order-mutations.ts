import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { moveOrder, ringUp } from './order-api';
import { orderKeys } from './order-keys';

/** A sale moves stock (the buttons' levels) and may be a seat order: both reload. */
export const useRingUp = (c?: MutationConfig<Awaited<ReturnType<typeof ringUp>>>) =>
  useInvalidatingMutation(ringUp, [orderKeys.catalog(), orderKeys.seatQueue()], c);

export const useMoveOrder = (c?: MutationConfig<Awaited<ReturnType<typeof moveOrder>>>) =>
  useInvalidatingMutation(moveOrder, [orderKeys.seatQueue()], c);
