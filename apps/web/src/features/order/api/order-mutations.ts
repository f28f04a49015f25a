import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { drawForOrder, moveOrder, openShift, payOrder, ringUp } from './order-api';
import { orderKeys } from './order-keys';

/** A sale moves stock (the buttons' levels) and may be a seat order: both reload. */
export const useRingUp = (c?: MutationConfig<Awaited<ReturnType<typeof ringUp>>>) =>
  useInvalidatingMutation(
    ringUp,
    [orderKeys.catalog(), orderKeys.seatQueue(), orderKeys.shift(), [...orderKeys.all, 'coupons']],
    c,
  );

export const useMoveOrder = (c?: MutationConfig<Awaited<ReturnType<typeof moveOrder>>>) =>
  useInvalidatingMutation(moveOrder, [orderKeys.seatQueue()], c);

export const useOpenShift = (c?: MutationConfig<Awaited<ReturnType<typeof openShift>>>) =>
  useInvalidatingMutation(openShift, [orderKeys.shift()], c);

export const usePayOrder = (c?: MutationConfig<Awaited<ReturnType<typeof payOrder>>>) =>
  useInvalidatingMutation(payOrder, [orderKeys.seatQueue(), orderKeys.shift()], c);

/** 收银抽奖 for the paid order: its offer is gone afterwards (one draw per order). */
export const useDrawForOrder = (
  orderNo: string,
  c?: MutationConfig<Awaited<ReturnType<typeof drawForOrder>>>,
) => useInvalidatingMutation(drawForOrder, [orderKeys.drawOffer(orderNo)], c);
