import type { Domain } from '../domain.ts';
import { staffRoutes } from './staff.routes.ts';

/** 代理商员工. */
export const staffDomain: Domain = {
  name: 'staff',
  service: 'passport',
  routes: [staffRoutes],
};
