import type { Domain } from '../domain.ts';
import { storeRoutes } from './store.routes.ts';

/** 门店切换. */
export const storeDomain: Domain = {
  name: 'store',
  service: 'passport',
  routes: [storeRoutes],
};
