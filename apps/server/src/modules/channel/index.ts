import type { Domain } from '../domain.ts';
import { channelRoutes } from './channel.routes.ts';

/** 下级渠道. */
export const channelDomain: Domain = {
  name: 'channel',
  service: 'passport',
  routes: [channelRoutes],
};
