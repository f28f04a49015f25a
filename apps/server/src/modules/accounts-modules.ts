import type { FastifyPluginAsync } from 'fastify';
import { agreementRoutes } from './agreement/agreement.routes.ts';
import { areaRoutes } from './area/area.routes.ts';
import { oplogRoutes } from './oplog/oplog.routes.ts';
import { outboxRoutes } from './outbox/outbox.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { registrationRoutes } from './registration/registration.routes.ts';
import { retrievalRoutes } from './retrieval/retrieval.routes.ts';
import { securityRoutes } from './security/security.routes.ts';

/** Accounts and security (issue 4): registration, retrieval, security centre, profile, logs, delivery, agreements. */
export const accountsModules: FastifyPluginAsync[] = [
  areaRoutes,
  registrationRoutes,
  retrievalRoutes,
  securityRoutes,
  profileRoutes,
  oplogRoutes,
  outboxRoutes,
  agreementRoutes,
];
