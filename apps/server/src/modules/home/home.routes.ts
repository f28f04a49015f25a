import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { scopeOf } from '../../tenant/index.ts';
import { unreadCount } from '../notice/index.ts';
import { homeCardProviders } from './home.cards.ts';

export async function homeRoutes(app: FastifyInstance) {
  const deps = { db: app.deps.db };
  app.get(
    '/home_stats',
    { schema: { summary: '首页数据卡片（按用户类型；代理商员工为其授权范围）', tags: ['首页'] } },
    async (req) => {
      const s = scopeOf(req);
      const groups = await Promise.all(homeCardProviders.map((p) => p(deps, s)));
      const unread = await unreadCount(deps.db, { id: s.userId, type: s.type });
      return ok({
        cards: [...groups.flat(), { key: 'unread_notices', title: '未读公告', value: unread, unit: '条' }],
      });
    },
  );
}
