import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  bulkAddMachines,
  cancelReservation,
  deleteArea,
  deleteMachine,
  moveMachines,
  publicReserve,
  redeemReservation,
  resetLink,
  saveArea,
  saveLayout,
  saveLink,
  saveMachine,
  setMachineState,
  staffReserve,
} from './venue-api';
import { venueKeys } from './venue-keys';

/** The venue writes: each invalidates what it changes, through the key factory (decision 090). */

type Config<D> = MutationConfig<D>;

/** Machines change the list, the area counts, the maps. */
const machinesTouched = () => [
  venueKeys.machines(),
  venueKeys.areas(),
  venueKeys.live(),
  venueKeys.layouts(),
];
const seatsTouched = () => [venueKeys.live(), venueKeys.machines(), venueKeys.reservations()];

export const useSaveArea = (c?: Config<unknown>) => useInvalidatingMutation(saveArea, machinesTouched(), c);
export const useDeleteArea = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteArea, machinesTouched(), c);

export const useSaveMachine = (c?: Config<unknown>) =>
  useInvalidatingMutation(saveMachine, machinesTouched(), c);
export const useBulkAdd = (c?: Config<Awaited<ReturnType<typeof bulkAddMachines>>>) =>
  useInvalidatingMutation(bulkAddMachines, machinesTouched(), c);
export const useMoveMachines = (c?: Config<unknown>) =>
  useInvalidatingMutation(moveMachines, machinesTouched(), c);
export const useMachineState = (c?: Config<unknown>) =>
  useInvalidatingMutation(setMachineState, machinesTouched(), c);
export const useDeleteMachine = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteMachine, machinesTouched(), c);

export const useSaveLayout = (c?: Config<Awaited<ReturnType<typeof saveLayout>>>) =>
  useInvalidatingMutation(saveLayout, [venueKeys.layouts(), venueKeys.live()], c);

export const useSaveLink = (c?: Config<unknown>) => useInvalidatingMutation(saveLink, [venueKeys.link()], c);
export const useResetLink = (c?: Config<unknown>) =>
  useInvalidatingMutation(resetLink, [venueKeys.link()], c);

export const useStaffReserve = (c?: Config<Awaited<ReturnType<typeof staffReserve>>>) =>
  useInvalidatingMutation(staffReserve, seatsTouched(), c);
export const useCancelReservation = (c?: Config<unknown>) =>
  useInvalidatingMutation(cancelReservation, seatsTouched(), c);
export const useRedeem = (c?: Config<Awaited<ReturnType<typeof redeemReservation>>>) =>
  useInvalidatingMutation(redeemReservation, seatsTouched(), c);

/** The public page has no other lists: only its own map reloads. */
export const usePublicReserve = (c?: Config<Awaited<ReturnType<typeof publicReserve>>>) =>
  useInvalidatingMutation(publicReserve, [venueKeys.all], c);
