import { and, count, eq, gt, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { agents, netbars, users } from '../../db/schema/foundation.ts';
import type { AuthContext } from '../../types.ts';

export interface HomeCard {
  key: string;
  title: string;
  value: number;
  unit?: string;
  hint?: string;
}

/** A provider of home-page figures; a module adds its own to `homeCardProviders`. */
export type HomeCardProvider = (db: Db, a: AuthContext) => Promise<HomeCard[]>;

const n = (rows: { n: number }[]) => Number(rows[0]?.n ?? 0);
const soon = sql`now() + interval '30 days'`;

async function netbarFigures(
  db: Db,
  where: ReturnType<typeof eq> | undefined,
  prefix: string,
): Promise<HomeCard[]> {
  const rows = await db
    .select({
      netbars: count(),
      machines: sql<number>`coalesce(sum(${netbars.machineCount}), 0)::int`,
      expiring: sql<number>`count(*) filter (where ${netbars.expireAt} between now() and ${soon})::int`,
      expired: sql<number>`count(*) filter (where ${netbars.expireAt} < now())::int`,
    })
    .from(netbars)
    .where(where);
  const r = rows[0]!;
  return [
    { key: `${prefix}netbars`, title: '网吧数', value: Number(r.netbars), unit: '家' },
    { key: `${prefix}machines`, title: '终端数', value: Number(r.machines), unit: '台' },
    { key: `${prefix}expiring`, title: '30天内到期', value: Number(r.expiring), unit: '家' },
    { key: `${prefix}expired`, title: '已到期', value: Number(r.expired), unit: '家' },
  ];
}

const byType: HomeCardProvider = async (db, a) => {
  switch (a.type) {
    case 4: {
      const [ag, us] = await Promise.all([
        db.select({ n: count() }).from(agents),
        db.select({ n: count() }).from(users),
      ]);
      return [
        { key: 'agents', title: '代理商数', value: n(ag), unit: '家' },
        ...(await netbarFigures(db, undefined, '')),
        { key: 'users', title: '账号数', value: n(us), unit: '个' },
      ];
    }
    case 1:
    case 2: {
      if (!a.agentId) return [];
      const subs = await db.select({ n: count() }).from(agents).where(eq(agents.parentId, a.agentId));
      const cards = await netbarFigures(db, eq(netbars.agentId, a.agentId), '');
      return a.type === 1
        ? [...cards, { key: 'sub_agents', title: '下级渠道', value: n(subs), unit: '家' }]
        : cards;
    }
    case 3:
    case 5: {
      const nb = (await db.select().from(netbars).where(eq(netbars.id, a.nid)))[0];
      if (!nb) return [];
      const days = nb.expireAt ? Math.ceil((nb.expireAt.getTime() - Date.now()) / 86400_000) : 0;
      const cards: HomeCard[] = [
        { key: 'machines', title: '本店终端数', value: nb.machineCount, unit: '台' },
        {
          key: 'expire_days',
          title: '服务剩余天数',
          value: Math.max(0, days),
          unit: '天',
          hint: nb.expireAt ? `到期日 ${nb.expireAt.toISOString().slice(0, 10)}` : '未开通',
        },
      ];
      if (a.type === 3 && nb.chainId) {
        const stores = await db
          .select({ n: count() })
          .from(netbars)
          .where(or(eq(netbars.chainId, nb.chainId), eq(netbars.pid, nb.id)));
        cards.push({ key: 'stores', title: '连锁门店数', value: n(stores), unit: '家' });
      }
      return cards;
    }
    case 6: {
      const nbs = await db
        .select({ n: count() })
        .from(netbars)
        .where(and(isNotNull(netbars.expireAt), gt(netbars.expireAt, sql`now()`)));
      const ag = await db.select({ n: count() }).from(agents).where(lt(agents.status, 2));
      return [
        { key: 'active_netbars', title: '服务中网吧', value: n(nbs), unit: '家' },
        { key: 'agents', title: '合作代理商', value: n(ag), unit: '家' },
      ];
    }
    default:
      return [];
  }
};

export const homeCardProviders: HomeCardProvider[] = [byType];
