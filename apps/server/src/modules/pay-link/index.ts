import type { Domain } from '../domain.ts';
import { payLinkPublicRoutes, payLinkRoutes } from './pay-link.routes.ts';

/** 收款链接 (/payLink 17, 决策 167): links with a fixed or open amount, their public page, wallet 在线充值. */
export const payLinkDomain: Domain = {
  name: 'pay-link',
  service: 'payment',
  routes: [payLinkRoutes, payLinkPublicRoutes],
};
