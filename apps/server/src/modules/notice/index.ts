import type { Domain } from '../domain.ts';
import { noticeRoutes } from './notice.routes.ts';

/** 消息中心与公告. */
export const noticeDomain: Domain = {
  name: 'notice',
  service: 'passport',
  routes: [noticeRoutes],
};

// What other modules may use.
export { unreadCount } from './notice.repo.ts';
