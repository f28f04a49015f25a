import type { Domain } from '../domain.ts';
import { desktopRoutes } from './desktop.routes.ts';

/** 桌面设置 (desktop_settings 10503, /custom_desktop 4001, decision 192): the PC client's desktop. */
export const desktopDomain: Domain = {
  name: 'desktop',
  service: 'passport',
  routes: [desktopRoutes],
};

// What the terminal API uses: a machine's effective desktop and its ETag.
export { etagMatches, machineDesktop } from './desktop-effective.ts';
// What the demo uses: pictures stored as an upload would store them.
export { storePicture } from './desktop-files.ts';
