import type { Domain } from '../domain.ts';
import { netbarRoutes } from './netbar.routes.ts';
import { netbarExtraRoutes } from './netbar-extra.routes.ts';

/** 代理商的网吧、绑定、心跳. */
export const netbarDomain: Domain = {
  name: 'netbar',
  service: 'passport',
  routes: [netbarRoutes, netbarExtraRoutes],
};

// What other modules may use.
export { serverKeyValid } from './heartbeat.repo.ts';
export { idsInScope } from './netbar.repo.ts';
export {
  type AgentSettings,
  createNetbarService,
  DEFAULT_SETTINGS,
  readSettings,
  SETTINGS_KEY,
} from './netbar.service.ts';
export { uniqueName, userNameTaken } from './netbar-write.repo.ts';
