/**
 * Who hears that machines of a store changed state: the terminal domain's live channel plugs in once
 * (`setSeatListener`, exported by index.ts) and tells the store's consoles (SEATS, decision 114); until
 * then nothing is sent. Callers tell it after their transaction committed, so a console that refetches
 * on the message reads the new state; a listener's failure never fails the change (the map also polls).
 */
export type SeatListener = (netbarId: number, machineIds: number[]) => void;

let listener: SeatListener | null = null;

export function setSeatListener(fn: SeatListener | null): void {
  listener = fn;
}
export const seatListener = (): SeatListener | null => listener;

export function seatsChanged(netbarId: number, machineIds: number[]): void {
  if (!listener || !machineIds.length) return;
  try {
    listener(netbarId, [...new Set(machineIds)]);
  } catch {
    // the consoles' slow poll catches up
  }
}
