import { PERM } from '@netbar/contract';
import { eq } from 'drizzle-orm';
import type { Conn, Db } from '../db/client.ts';
import { agents, grants, netbars, staff, users } from '../db/schema/foundation.ts';
import { newSecret } from '../lib/crypto.ts';
import { hashPassword } from '../lib/password.ts';
import { findUserByName } from '../tenant/index.ts';

export const DEMO_PASSWORD = 'demo123456';

type NewUser = Omit<typeof users.$inferInsert, 'passwordHash'>;

async function ensureUser(tx: Conn, hash: string, u: NewUser): Promise<number> {
  const found = await findUserByName(tx, u.userName);
  if (found) return found.id;
  const [row] = await tx
    .insert(users)
    .values({ ...u, passwordHash: hash })
    .returning({ id: users.id });
  return row!.id;
}

async function ensureAgent(tx: Conn, name: string, extra: Partial<typeof agents.$inferInsert> = {}) {
  const found = await tx.select().from(agents).where(eq(agents.name, name));
  if (found[0]) return found[0].id;
  const [row] = await tx
    .insert(agents)
    .values({ name, ...extra })
    .returning({ id: agents.id });
  return row!.id;
}

async function ensureNetbar(tx: Conn, name: string, v: Partial<typeof netbars.$inferInsert>) {
  const found = await tx.select().from(netbars).where(eq(netbars.name, name));
  if (found[0]) return found[0].id;
  const [row] = await tx
    .insert(netbars)
    .values({ name, ...v })
    .returning({ id: netbars.id });
  // A standalone store or a chain head is its own parent.
  if (!v.pid) await tx.update(netbars).set({ pid: row!.id }).where(eq(netbars.id, row!.id));
  return row!.id;
}

const inMonths = (m: number) => new Date(Date.now() + m * 30 * 86400_000);

/**
 * Demo data: one account of each type (password demo123456) and a second agent with its own netbar,
 * so that isolation can be seen. Idempotent: running it again changes nothing.
 */
export async function seedDemo(db: Db): Promise<void> {
  if (await findUserByName(db, 'demo_admin')) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await ensureUser(tx, hash, {
      userName: 'demo_admin',
      type: 4,
      trueName: '平台管理员',
      mobile: '13800000004',
    });

    const agentId = await ensureAgent(tx, '华东网吧服务商', {
      contact: '王代理',
      mobile: '13800000001',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
    });
    const agentUser = await ensureUser(tx, hash, {
      userName: 'demo_agent',
      type: 1,
      trueName: '王代理',
      mobile: '13800000001',
      agentId,
      address: '上海市浦东新区张江路88号',
    });
    await tx.update(agents).set({ ownerUserId: agentUser }).where(eq(agents.id, agentId));

    const staffUser = await ensureUser(tx, hash, {
      userName: 'demo_agent_staff',
      type: 2,
      trueName: '李装机',
      mobile: '13800000002',
      agentId,
    });
    await tx
      .insert(staff)
      .values({ userId: staffUser, agentId, position: '装机工程师' })
      .onConflictDoNothing();
    await tx
      .insert(grants)
      .values(
        [PERM.NETBAR_MANAGE, PERM.NETBAR_LIST].map((permId) => ({
          userId: staffUser,
          permId,
          grantedBy: agentUser,
        })),
      )
      .onConflictDoNothing();

    const head = await ensureNetbar(tx, '星际网咖旗舰店', {
      agentId,
      chainType: 1,
      contact: '张老板',
      mobile: '13800000003',
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
      address: '漕溪北路100号',
      machineCount: 120,
      expireAt: inMonths(6),
    });
    await tx.update(netbars).set({ chainId: head, chainName: '星际网咖' }).where(eq(netbars.id, head));
    for (const [name, district, machines] of [
      ['星际网咖二店', '闵行区', 80],
      ['星际网咖三店', '静安区', 60],
    ] as const) {
      await ensureNetbar(tx, name, {
        agentId,
        pid: head,
        chainId: head,
        chainName: '星际网咖',
        chainType: 1,
        contact: '张老板',
        mobile: '13800000003',
        province: '上海市',
        city: '上海市',
        district,
        machineCount: machines,
        expireAt: inMonths(3),
      });
    }
    const netbarUser = await ensureUser(tx, hash, {
      userName: 'demo_netbar',
      type: 3,
      trueName: '张老板',
      mobile: '13800000003',
      netbarId: head,
      address: '上海市徐汇区漕溪北路100号',
    });
    await tx
      .update(netbars)
      .set({ ownerUserId: netbarUser, brandAdminUserId: netbarUser })
      .where(eq(netbars.id, head));
    await tx.update(netbars).set({ ownerUserId: netbarUser }).where(eq(netbars.pid, head));

    const cashier = await ensureUser(tx, hash, {
      userName: 'demo_netbar_staff',
      type: 5,
      trueName: '小陈',
      mobile: '13800000005',
      netbarId: head,
    });
    await tx
      .insert(staff)
      .values({ userId: cashier, netbarId: head, position: '收银员' })
      .onConflictDoNothing();
    // A cashier's day (issue 13): sell, refund, rent out and take back (租赁柜台 opens with 264), read the
    // lease orders and their own shift records; not 改价 2641, not the lease items' management 10519, not the
    // member book 180, not the shift summary 239.
    const cashierGrants = [
      ...[PERM.GOODS, PERM.GOODS_LIST, PERM.STOCK, PERM.STOCK_LIST, PERM.ORDER, PERM.ORDER_LIST],
      ...[PERM.ORDER_REFUND, PERM.LEASE_ORDER_LIST, PERM.SHIFT, PERM.SHIFT_RECORD],
    ];
    await tx
      .insert(grants)
      .values(cashierGrants.map((permId) => ({ userId: cashier, permId, grantedBy: netbarUser })))
      .onConflictDoNothing();

    await ensureUser(tx, hash, {
      userName: 'demo_pay',
      type: 6,
      trueName: '聚合支付公司',
      mobile: '13800000006',
    });

    const agent2 = await ensureAgent(tx, '华南网吧服务商', {
      contact: '陈代理',
      mobile: '13900000001',
      province: '广东省',
      city: '广州市',
      district: '天河区',
    });
    const agent2User = await ensureUser(tx, hash, {
      userName: 'demo_agent2',
      type: 1,
      trueName: '陈代理',
      mobile: '13900000001',
      agentId: agent2,
    });
    await tx.update(agents).set({ ownerUserId: agent2User }).where(eq(agents.id, agent2));
    const nb2 = await ensureNetbar(tx, '极速网吧', {
      agentId: agent2,
      contact: '刘老板',
      mobile: '13900000003',
      province: '广东省',
      city: '广州市',
      district: '天河区',
      address: '天河路1号',
      machineCount: 90,
      expireAt: inMonths(2),
    });
    const nb2User = await ensureUser(tx, hash, {
      userName: 'demo_netbar2',
      type: 3,
      trueName: '刘老板',
      mobile: '13900000003',
      netbarId: nb2,
    });
    await tx.update(netbars).set({ ownerUserId: nb2User }).where(eq(netbars.id, nb2));
  });
}

/** Without demo data: one administrator, password from ADMIN_PASSWORD or generated and printed once. */
export async function seedAdmin(db: Db, password?: string): Promise<string | undefined> {
  if (await findUserByName(db, 'admin')) return undefined;
  const plain = password ?? newSecret().slice(0, 16);
  await ensureUser(db, await hashPassword(plain), { userName: 'admin', type: 4, trueName: '系统管理员' });
  return password ? undefined : plain;
}
