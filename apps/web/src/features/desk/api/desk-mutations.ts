import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  book,
  cancelBooking,
  cancelSession,
  deleteDesk,
  noShow,
  openDesk,
  orderGoods,
  saveDesk,
  settle,
} from './desk-api';
import { deskKeys } from './desk-keys';

/** Every desk write changes the board, the bookings or the orders: each reloads every desk query. */
const all = [deskKeys.all];
type Config<D> = MutationConfig<D>;

export const useSaveDesk = (c?: Config<unknown>) => useInvalidatingMutation(saveDesk, all, c);
export const useDeleteDesk = (c?: Config<unknown>) => useInvalidatingMutation(deleteDesk, all, c);
export const useBook = (c?: Config<unknown>) => useInvalidatingMutation(book, all, c);
export const useCancelBooking = (c?: Config<unknown>) => useInvalidatingMutation(cancelBooking, all, c);
export const useNoShow = (c?: Config<unknown>) => useInvalidatingMutation(noShow, all, c);
export const useOpenDesk = (c?: Config<unknown>) => useInvalidatingMutation(openDesk, all, c);
export const useOrderGoods = (c?: Config<unknown>) => useInvalidatingMutation(orderGoods, all, c);
export const useSettle = (c?: Config<Awaited<ReturnType<typeof settle>>>) =>
  useInvalidatingMutation(settle, all, c);
export const useCancelSession = (c?: Config<unknown>) => useInvalidatingMutation(cancelSession, all, c);
