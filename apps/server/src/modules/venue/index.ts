import type { Domain } from '../domain.ts';
import { machineRoutes } from './machine.routes.ts';
import { publicSeatRoutes, reservationRoutes } from './reservation.routes.ts';
import { reservationExpiryJob } from './reservation-expiry.ts';
import { seatMapRoutes } from './seat-map.routes.ts';

/** 场地：区域、机器、机位图（编辑器、实时机位图、公开预订页）与机位预订. */
export const venueDomain: Domain = {
  name: 'venue',
  service: 'passport',
  routes: [machineRoutes, seatMapRoutes, reservationRoutes, publicSeatRoutes, reservationExpiryJob],
};

export type { MachineRow, MachineState, VenueAreaRow } from '@netbar/contract';
export type { MachineRecord, VenueAreaRecord } from '../../db/schema/index.ts';
/** For the terminal and session domains: a store's machine and its state (always the store's scope first). */
export {
  machineInStore,
  reportMachineStates,
  type SetStateOptions,
  setMachineState,
} from './machine-state.ts';
/** Check-on-read of reservations (decision 102) for a domain reading a store's machine states itself. */
export { expireDue as expireDueReservations } from './reservation.repo.ts';
/** The live channel hears machine state changes here (SEATS to the store's consoles, decision 114). */
export { type SeatListener, seatListener, seatsChanged, setSeatListener } from './seat-events.ts';
/** The session domain fills the live map's hover (member, start, elapsed, balance) through this. */
export { type SeatSessionSource, setSeatSessionSource } from './seat-sessions.ts';
