import type { Domain } from '../domain.ts';
import { setSeatSessionSource } from '../venue/index.ts';
import { computerStatsRoutes } from './computer-stats.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { seatSessions } from './session-read.service.ts';
import { sessionTestRoutes } from './session-test.routes.ts';

/** 上机与计费：计费方案、上机/下机、检查点扣费、上机记录、上机统计. */
export const sessionDomain: Domain = {
  name: 'session',
  service: 'passport',
  routes: [sessionRoutes, sessionTestRoutes, computerStatsRoutes],
};

// The live map's hover (member, start, elapsed, balance) comes from the open sessions.
setSeatSessionSource((db, scope, ids) => seatSessions(db, scope, ids));

export {
  endOpenSession,
  endSession,
  type SessionDeps,
  type SessionEvents,
  startSession,
} from './session.service.ts';
/** For the terminal domain: logon and logoff at a machine (scope = the store, built after its key check). */
export { checkpointAll } from './session-checkpoint.service.ts';
/** The terminal's live channel plugs in here to carry the 10-minute warning and session ends to the PCs. */
export { sessionEvents, setSessionEvents } from './session-events.ts';
export { type Actor, SYSTEM } from './session-settle.ts';
