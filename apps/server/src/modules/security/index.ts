import type { Domain } from '../domain.ts';
import { profileRoutes } from './profile.routes.ts';
import { registrationRoutes } from './registration.routes.ts';
import { retrievalRoutes } from './retrieval.routes.ts';
import { securityRoutes } from './security.routes.ts';

/** 注册、找回密码、账号安全、个人资料. */
export const securityDomain: Domain = {
  name: 'security',
  service: 'passport',
  routes: [registrationRoutes, retrievalRoutes, securityRoutes, profileRoutes],
};
