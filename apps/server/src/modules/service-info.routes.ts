import type { FastifyInstance } from 'fastify';
import { ok } from '../lib/reply.ts';
import { authOf } from '../tenant/index.ts';
import type { Domain } from './domain.ts';

const NAMES = { payment: '支付服务', merchant: '商户服务', import: '数据导入服务' } as const;

/** Each token-authenticated service answers who the caller is: proves the bearer token works there. */
export const serviceInfoRoutes = (service: keyof typeof NAMES) =>
  async function serviceInfo(app: FastifyInstance) {
    app.get(
      '/service_info',
      { schema: { summary: `${NAMES[service]}：当前令牌对应的用户`, tags: [NAMES[service]] } },
      async (req) => {
        const a = authOf(req);
        return ok({ service, user_id: a.userId, user_name: a.userName, type: a.type, nid: a.nid });
      },
    );
  };

/** The token services' info routes, until each service has its own domain. */
export const serviceInfoDomains: Domain[] = (['payment', 'merchant', 'import'] as const).map((service) => ({
  name: `${service}-info`,
  service,
  routes: [serviceInfoRoutes(service)],
}));
