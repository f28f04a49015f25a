import type { Domain } from '../domain.ts';
import { smsMarketingRoutes } from './sms-marketing.routes.ts';
import { smsTestRoutes } from './sms-test.routes.ts';

/** 短信营销 (message 10517, decision 179). */
export const smsMarketingDomain: Domain = {
  name: 'sms-marketing',
  service: 'passport',
  routes: [smsMarketingRoutes, smsTestRoutes],
};

// What the app uses: the dispatcher pass (jobs/sms-dispatch.ts, the demo).
export { dispatchSms } from './sms-dispatch.ts';
// The SMS provider's inbound webhook /sms/inbound (outside the services, as /s/ is; decision 183).
export { smsInboundRoutes } from './sms-inbound.routes.ts';
