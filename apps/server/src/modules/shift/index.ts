import type { Domain } from '../domain.ts';
import { shiftRoutes } from './shift.routes.ts';
import { shiftRecordRoutes } from './shift-record.routes.ts';

/** 交班：班次、钱箱流水（till ledger）、交班点钞、交班记录与汇总. */
export const shiftDomain: Domain = {
  name: 'shift',
  service: 'passport',
  routes: [shiftRoutes, shiftRecordRoutes],
};

export { figuresOf } from './shift.repo.ts';

// The automatic handover pass (jobs/shift-auto-handover.ts) and the figures other screens may show.
export { autoHandoverPass, latestSlot } from './shift-auto.service.ts';
export { shiftMismatches } from './shift-invariants.ts';
// What other modules may use: the one call that books money at the counter (decision 122).
export {
  expectedCash,
  type OpenShift,
  openShiftOf,
  shiftForMove,
  type TillActor,
  type TillKind,
  type TillMove,
  type TillRow,
  tillMove,
} from './till.ts';
