import { accountDomain } from './account/index.ts';
import { agreementDomain } from './agreement/index.ts';
import { areaDomain } from './area/index.ts';
import { channelDomain } from './channel/index.ts';
import { commissionDomain } from './commission/index.ts';
import { deskDomain } from './desk/index.ts';
import type { Domain, ServiceName } from './domain.ts';
import { goodsDomain } from './goods/index.ts';
import { homeDomain } from './home/index.ts';
import { leaseDomain } from './lease/index.ts';
import { memberDomain } from './member/index.ts';
import { netbarDomain } from './netbar/index.ts';
import { netbarStaffDomain } from './netbar-staff/index.ts';
import { noticeDomain } from './notice/index.ts';
import { oplogDomain } from './oplog/index.ts';
import { orderDomain } from './order/index.ts';
import { outboxDomain } from './outbox/index.ts';
import { printTemplateDomain } from './print-template/index.ts';
import { securityDomain } from './security/index.ts';
import { serviceInfoDomains } from './service-info.routes.ts';
import { sessionDomain } from './session/index.ts';
import { shiftDomain } from './shift/index.ts';
import { staffDomain } from './staff/index.ts';
import { stockDomain } from './stock/index.ts';
import { storeDomain } from './store/index.ts';
import { terminalDomain } from './terminal/index.ts';
import { tipDomain } from './tip/index.ts';
import { uploadDomain } from './upload/index.ts';
import { venueDomain } from './venue/index.ts';
import { walletDomain } from './wallet/index.ts';

/**
 * Every domain of the product. A new domain writes `modules/<domain>/index.ts` (name, service, route
 * plugins) and adds one line here; the app registers each under its service's prefix.
 */
export const domains: readonly Domain[] = [
  accountDomain,
  storeDomain,
  noticeDomain,
  homeDomain,
  areaDomain,
  securityDomain,
  oplogDomain,
  outboxDomain,
  agreementDomain,
  netbarDomain,
  channelDomain,
  staffDomain,
  netbarStaffDomain,
  walletDomain,
  goodsDomain,
  stockDomain,
  memberDomain,
  venueDomain,
  sessionDomain,
  terminalDomain,
  shiftDomain,
  orderDomain,
  deskDomain,
  leaseDomain,
  commissionDomain,
  tipDomain,
  printTemplateDomain,
  uploadDomain,
  ...serviceInfoDomains,
];

/** The route plugins of one service, in domain order. */
export const routesOf = (service: ServiceName) =>
  domains.filter((d) => d.service === service).flatMap((d) => d.routes);
