import { accountDomain } from './account/index.ts';
import { activityDomain } from './activity/index.ts';
import { agreementDomain } from './agreement/index.ts';
import { areaDomain } from './area/index.ts';
import { broadcastDomain } from './broadcast/index.ts';
import { channelDomain } from './channel/index.ts';
import { commissionDomain } from './commission/index.ts';
import { counterPayDomain } from './counter-pay/index.ts';
import { couponDomain } from './coupon/index.ts';
import { deskDomain } from './desk/index.ts';
import { desktopDomain } from './desktop/index.ts';
import type { Domain, ServiceName } from './domain.ts';
import { fileImportDomain } from './file-import/index.ts';
import { goodsDomain } from './goods/index.ts';
import { homeDomain } from './home/index.ts';
import { jobsDomain } from './jobs/index.ts';
import { leaseDomain } from './lease/index.ts';
import { businessImportDomain, legacyImportDomain } from './legacy-import/index.ts';
import { memberDomain } from './member/index.ts';
import { merchantDomain, merchantImportDomain } from './merchant/index.ts';
import { netbarDomain } from './netbar/index.ts';
import { netbarStaffDomain } from './netbar-staff/index.ts';
import { noticeDomain } from './notice/index.ts';
import { oplogDomain } from './oplog/index.ts';
import { orderDomain } from './order/index.ts';
import { outboxDomain } from './outbox/index.ts';
import { partnerDomain } from './partner/index.ts';
import { payConsoleDomain } from './pay-console/index.ts';
import { payLinkDomain } from './pay-link/index.ts';
import { paymentDomain } from './payment/index.ts';
import { paymentMethodDomain } from './payment-method/index.ts';
import { paymentProfitDomain } from './payment-profit/index.ts';
import { printTemplateDomain } from './print-template/index.ts';
import { reconcileDomain } from './reconcile/index.ts';
import { reportDomain } from './report/index.ts';
import { secondaryScreenDomain } from './secondary-screen/index.ts';
import { securityDomain } from './security/index.ts';
import { serviceInfoDomains } from './service-info.routes.ts';
import { sessionDomain } from './session/index.ts';
import { shiftDomain } from './shift/index.ts';
import { siyuDomain } from './siyu/index.ts';
import { smsMarketingDomain } from './sms-marketing/index.ts';
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
  jobsDomain,
  agreementDomain,
  netbarDomain,
  channelDomain,
  staffDomain,
  netbarStaffDomain,
  walletDomain,
  paymentProfitDomain,
  goodsDomain,
  stockDomain,
  memberDomain,
  venueDomain,
  sessionDomain,
  terminalDomain,
  shiftDomain,
  orderDomain,
  counterPayDomain,
  deskDomain,
  leaseDomain,
  commissionDomain,
  tipDomain,
  activityDomain,
  couponDomain,
  smsMarketingDomain,
  siyuDomain,
  printTemplateDomain,
  broadcastDomain,
  desktopDomain,
  fileImportDomain,
  legacyImportDomain,
  businessImportDomain,
  partnerDomain,
  secondaryScreenDomain,
  reportDomain,
  uploadDomain,
  merchantDomain,
  merchantImportDomain,
  paymentDomain,
  paymentMethodDomain,
  payLinkDomain,
  reconcileDomain,
  payConsoleDomain,
  ...serviceInfoDomains,
];

/** The route plugins of one service, in domain order. */
export const routesOf = (service: ServiceName) =>
  domains.filter((d) => d.service === service).flatMap((d) => d.routes);
