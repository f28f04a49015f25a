import type { Domain } from '../domain.ts';
import { siyuRoutes } from './siyu.routes.ts';

/** 私域运营 (siyu 10522, decision 179). */
export const siyuDomain: Domain = {
  name: 'siyu',
  service: 'passport',
  routes: [siyuRoutes],
};

// What the app and the terminal API use: the public scan link, the codes a PC or receipt shows.
export { siyuScanRoute } from './siyu.routes.ts';
export { terminalSiyuCodes } from './siyu.service.ts';
