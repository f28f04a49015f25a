import type { Domain } from '../domain.ts';
import { netbarStaffRoutes } from './netbar-staff.routes.ts';

/** 网吧员工：账号、角色、工作门店、菜单授权、备注（decision 145）. */
export const netbarStaffDomain: Domain = {
  name: 'netbar-staff',
  service: 'passport',
  routes: [netbarStaffRoutes],
};
