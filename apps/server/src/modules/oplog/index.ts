import type { Domain } from '../domain.ts';
import { oplogRoutes } from './oplog.routes.ts';

/** 操作日志. */
export const oplogDomain: Domain = {
  name: 'oplog',
  service: 'passport',
  routes: [oplogRoutes],
};

// What the app and other modules may use.
export { createOpLog, type OpLog } from './oplog.service.ts';
