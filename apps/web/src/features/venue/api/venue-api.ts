import type {
  LayoutCell,
  LiveArea,
  MachineListQuery,
  MachineRow,
  Pager,
  PublicMap,
  ReservationDone,
  ReservationRow,
  SeatLayout,
  SeatLink,
  VenueAreaRow,
} from '@netbar/contract';
import { http } from '../../../lib/http';

/** The venue calls (one fetcher per call); keys in venue-keys.ts, hooks in venue-queries/venue-mutations. */

type Params = Record<string, unknown>;

export const fetchAreas = async () => (await http.get<Pager<VenueAreaRow>>('venue_area_list')).data.list;
export const saveArea = (v: Params) => http.post<{ id: number }>('venue_area_save', v);
export const deleteArea = (id: number) => http.post<null>('venue_area_delete', { id });

export const fetchMachines = async (p: Partial<MachineListQuery> & Params) =>
  (await http.get<Pager<MachineRow>>('machine_list', p)).data;
export const saveMachine = (v: Params) => http.post<{ id: number }>('machine_save', v);
export const bulkAddMachines = (v: Params) =>
  http.post<{ count: number; first: string; last: string }>('machine_bulk_add', v);
export const moveMachines = ({ ids, area_id }: { ids: number[]; area_id: number }) =>
  http.post<{ count: number }>('machine_move', { ids: ids.join(','), area_id });
export const setMachineState = ({ ids, state }: { ids: number[]; state: string }) =>
  http.post<{ count: number }>('machine_state', { ids: ids.join(','), state });
export const deleteMachine = (id: number) => http.post<null>('machine_delete', { id });

export const fetchLayout = async (areaId: number) =>
  (await http.get<SeatLayout>('seat_layout', { area_id: areaId })).data;
export const saveLayout = (v: {
  area_id: number;
  base_version: number;
  cols: number;
  rows: number;
  cells: LayoutCell[];
}) => http.post<{ version: number }>('seat_layout_save', v, { json: true });

export const fetchLive = async () => (await http.get<Pager<LiveArea>>('diagram_detail')).data.list;

export const fetchLink = async () => (await http.get<SeatLink>('seat_link')).data;
export const saveLink = (v: { hold_minutes: number; enabled: boolean }) =>
  http.post<SeatLink>('seat_link_save', { hold_minutes: v.hold_minutes, enabled: v.enabled ? 1 : 0 });
export const resetLink = () => http.post<SeatLink>('seat_link_reset');

export const fetchReservations = async (p: Params) =>
  (await http.get<Pager<ReservationRow>>('seat_reservation_list', p)).data;
export const staffReserve = (v: Params) => http.post<ReservationDone>('seat_reserve', v);
export const cancelReservation = (id: number) => http.post<unknown>('seat_reservation_cancel', { id });
export const redeemReservation = (code: string) =>
  http.post<{ machine_name: string }>('seat_reservation_redeem', { code });

export const fetchPublicMap = async (token: string) =>
  (await http.get<PublicMap>('seat_public_map', { token }, { silent: true })).data;
export const publicReserve = (v: { token: string; machine_id: number; mobile: string; name?: string }) =>
  http.post<ReservationDone>('seat_public_reserve', v);
