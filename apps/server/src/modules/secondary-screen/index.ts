import type { Domain } from '../domain.ts';
import { secondaryScreenPlugin } from './secondary-screen-plugin.ts';

/** 副屏设置 (secondary_screen 10520, decision 191): the customer screen beside the 收银台. */
export const secondaryScreenDomain: Domain = {
  name: 'secondary-screen',
  service: 'passport',
  routes: [secondaryScreenPlugin],
};
