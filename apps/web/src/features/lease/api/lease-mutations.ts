import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import { deleteItem, markLost, moveItemStock, rent, returnLease, saveItem } from './lease-api';
import { leaseKeys } from './lease-keys';

/** Every leasing write moves quantities or orders: each reloads every leasing query (`leaseKeys.all`). */
const all = [leaseKeys.all];
type Config<D> = MutationConfig<D>;

export const useSaveItem = (c?: Config<unknown>) => useInvalidatingMutation(saveItem, all, c);
export const useDeleteItem = (c?: Config<unknown>) => useInvalidatingMutation(deleteItem, all, c);
export const useMoveItemStock = (c?: Config<unknown>) => useInvalidatingMutation(moveItemStock, all, c);
export const useRent = (c?: Config<Awaited<ReturnType<typeof rent>>>) =>
  useInvalidatingMutation(rent, all, c);
export const useReturnLease = (c?: Config<Awaited<ReturnType<typeof returnLease>>>) =>
  useInvalidatingMutation(returnLease, all, c);
export const useMarkLost = (c?: Config<Awaited<ReturnType<typeof markLost>>>) =>
  useInvalidatingMutation(markLost, all, c);
