import type { FastifyInstance } from 'fastify';
import { persistedSecret } from '../../lib/server-secret.ts';
import type { Domain } from '../domain.ts';
import { partnerRoutes } from './partner.routes.ts';
import { httpPartnerClient } from './partner-client.ts';

/** The partner platform lives at LEGACY_IMPORT_URL: the legacy simulator's in development and tests. */
async function partnerPlugin(app: FastifyInstance) {
  const { config, db } = app.deps;
  const base = config.LEGACY_IMPORT_URL;
  const site = (await persistedSecret(db, 'partner_site')).slice(0, 16);
  await app.register(partnerRoutes, { db, partner: httpPartnerClient(base), site });
}

/** 合作平台账号 (button login_panda, issue 19 item 2, decision 195). */
export const partnerDomain: Domain = {
  name: 'partner',
  service: 'passport',
  routes: [partnerPlugin],
};
