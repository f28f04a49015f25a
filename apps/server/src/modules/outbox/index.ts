import type { Domain } from '../domain.ts';
import { outboxRoutes } from './outbox.routes.ts';

/** 短信与邮件发送记录. */
export const outboxDomain: Domain = {
  name: 'outbox',
  service: 'passport',
  routes: [outboxRoutes],
};

// What other modules may use.
export type { Channel } from './codes.service.ts';
export type { Delivery } from './delivery.ts';
export { messagingOf } from './messaging.ts';
