import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/account.routes.ts';
import { serviceInfoRoutes } from './service-info.routes.ts';
import { storeRoutes } from './store/store.routes.ts';

/**
 * The modules of each service. A new domain adds its `<domain>.routes.ts` plugin to one list here.
 */
export const passportModules: FastifyPluginAsync[] = [accountRoutes, storeRoutes];
export const paymentModules: FastifyPluginAsync[] = [serviceInfoRoutes('payment')];
export const merchantModules: FastifyPluginAsync[] = [serviceInfoRoutes('merchant')];
export const importModules: FastifyPluginAsync[] = [serviceInfoRoutes('import')];
