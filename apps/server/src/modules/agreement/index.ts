import type { Domain } from '../domain.ts';
import { agreementRoutes } from './agreement.routes.ts';

/** 协议页面. */
export const agreementDomain: Domain = {
  name: 'agreement',
  service: 'passport',
  routes: [agreementRoutes],
};
