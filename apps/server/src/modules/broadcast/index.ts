import type { Domain } from '../domain.ts';
import { broadcastRoutes } from './broadcast.routes.ts';

/** 语音播报设置 (broadcast_settings 10504, decision 189): what the console speaks for live-channel events. */
export const broadcastDomain: Domain = {
  name: 'broadcast',
  service: 'passport',
  routes: [broadcastRoutes],
};

// What the terminal plugin uses: the subjects of the 余额不足 and 会员生日 announcements.
export { type AnnouncedSubject, balanceLowSubject, birthdaySubject } from './broadcast-events.ts';
