import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notices } from '../db/schema/notice.ts';
import { findUserByName } from '../tenant/index.ts';

const DEMO_NOTICES = [
  {
    title: '关于春节期间服务安排的通知',
    content:
      '春节期间（除夕至初六）客服热线正常值班，续费与到期提醒照常发送。如遇紧急问题，请通过右上角“在线客服”联系我们。',
    userTypes: [1, 2, 3, 4, 5, 6],
  },
  {
    title: '网吧超市新增“原料配方”功能',
    content:
      '现在可以为奶茶等现调饮品设置原料配方，销售时按配方自动扣减原料库存。入口：商品管理 → 原料管理。',
    userTypes: [3, 5],
  },
  {
    title: '代理商续费价格调整说明',
    content: '自下月1日起，标准版按终端数每月计费，具体价格以“产品定价”为准；已支付的续费订单不受影响。',
    userTypes: [1, 2],
  },
];

/** Three published notices so the message centre is not empty. */
export async function seedNotices(db: Db): Promise<void> {
  const existing = await db.select({ n: sql<number>`count(*)::int` }).from(notices);
  if (Number(existing[0]?.n) > 0) return;
  const admin = await findUserByName(db, 'demo_admin');
  for (const [i, n] of DEMO_NOTICES.entries()) {
    await db.insert(notices).values({
      ...n,
      status: 'published',
      publishTime: new Date(Date.now() - (DEMO_NOTICES.length - i) * 86400_000),
      createdBy: admin?.id ?? null,
    });
  }
}
