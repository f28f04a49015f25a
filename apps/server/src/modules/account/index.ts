import type { Domain } from '../domain.ts';
import { accountRoutes } from './account.routes.ts';

/** 登录、验证码、当前用户. */
export const accountDomain: Domain = {
  name: 'account',
  service: 'passport',
  routes: [accountRoutes],
};

// What other modules may use.
export { CAPTCHA_COOKIE, createCaptchaService } from './captcha.service.ts';
export { buildUserRecord, type UserRecord } from './user-record.ts';
