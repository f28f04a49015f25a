import type { Domain } from '../domain.ts';
import { merchantRoutes } from './merchant.routes.ts';
import { merchantImportRoutes } from './merchant-import.routes.ts';
import { merchantViewRoutes } from './merchant-view.routes.ts';

/** 商户进件与审核 (/api/merchant; decisions 163, 164). */
export const merchantDomain: Domain = {
  name: 'merchant',
  service: 'merchant',
  routes: [merchantRoutes, merchantViewRoutes],
};

/** import_sqb lives on the passport service (/api/v1), as the spec lists it. */
export const merchantImportDomain: Domain = {
  name: 'merchant-import',
  service: 'passport',
  routes: [merchantImportRoutes],
};

// What other modules may use: the merchant serving a store (payment_conf's answer) for the payment service.
export { merchantOfNetbar } from './merchant.repo.ts';
export { merchantNumber } from './merchant.service.ts';
/** The demo's merchants: their numbers encrypted with the same keys, and the merchant numbers. */
export { merchantKeys as demoMerchantKeys } from './merchant-crypto.ts';
