import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../db/client.ts';
import { hashPassword } from '../lib/password.ts';
import { recordHeartbeat, setServerKey } from '../modules/netbar/heartbeat.repo.ts';
import { move, orderNo } from '../modules/wallet/wallet.repo.ts';
import { DEMO_PASSWORD } from './seed.ts';

const idOf = async (db: Conn, q: ReturnType<typeof sql>) => {
  const r = await rows<{ id: number }>(db, q);
  return r[0] ? Number(r[0].id) : undefined;
};

/**
 * Agent business demo data: product editions, 华东's wallet (a confirmed bank transfer, a paid
 * extension, a pending transfer), remarks, server heartbeats, a sub-agent with a netbar, and area
 * grants for demo_agent_staff (旗舰店 and 二店 only). Idempotent: it runs once.
 */
export async function agentDemo(db: Db): Promise<void> {
  if (await idOf(db, sql`select id from product_editions limit 1`)) return;
  const agent = await idOf(db, sql`select id from agents where name = '华东网吧服务商'`);
  const agentUser = await idOf(db, sql`select id from users where user_name = 'demo_agent'`);
  const staffUser = await idOf(db, sql`select id from users where user_name = 'demo_agent_staff'`);
  const admin = await idOf(db, sql`select id from users where user_name = 'demo_admin'`);
  const head = await idOf(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const second = await idOf(db, sql`select id from netbars where name = '星际网咖二店'`);
  const third = await idOf(db, sql`select id from netbars where name = '星际网咖三店'`);
  const other = await idOf(db, sql`select id from netbars where name = '极速网吧'`);
  if (!agent || !agentUser || !staffUser || !admin || !head || !second || !third || !other) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  const [cz1, cz2, xf1, xf2] = [orderNo('CZ'), orderNo('CZ'), orderNo('XF'), orderNo('XF')];

  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into product_editions (name, price_fen, description) values
      ('标准版', 300, '收银、会员、商品库存'), ('专业版', 500, '标准版 + 营销应用、连锁报表'), ('旗舰版', 800, '专业版 + 多门店、专属客服')`);
    const pro = await idOf(tx, sql`select id from product_editions where name = '专业版'`);

    for (const nid of [head, second, third, other])
      await tx.execute(
        sql`insert into netbar_agent_info (netbar_id, registered_by) values (${nid}, ${nid === other ? null : agentUser}) on conflict do nothing`,
      );
    await tx.execute(
      sql`update netbar_agent_info set person_user_id = ${staffUser}, registered_by = ${staffUser} where netbar_id in (${head}, ${second})`,
    );
    await tx.execute(
      sql`insert into staff_area_netbars (user_id, netbar_id) values (${staffUser}, ${head}), (${staffUser}, ${second}) on conflict do nothing`,
    );

    await tx.execute(sql`insert into netbar_remarks (netbar_id, content, follow_date, created_by) values
      (${head}, '上门回访，老板反馈收银速度满意，计划年底加装20台', (now() - interval '20 days')::date, ${staffUser}),
      (${head}, '电话沟通续费，老板倾向续专业版一年', (now() - interval '3 days')::date, ${agentUser}),
      (${third}, '三店网络改造中，下周复查服务端', (now() - interval '1 day')::date, ${agentUser})`);

    await tx.execute(sql`insert into recharge_orders (order_no, agent_id, amount_fen, status, remark, transfer_ref, request_id, created_by, confirmed_by, confirmed_at, created_at)
      values (${cz1}, ${agent}, 2000000, 1, '首次充值', 'ICBC20240301-88231', 'demo-recharge-1', ${agentUser}, ${admin}, now() - interval '29 days', now() - interval '30 days'),
             (${cz2}, ${agent}, 500000, 0, '补充预存', '', 'demo-recharge-2', ${agentUser}, null, null, now() - interval '1 day')`);
    await move(tx, {
      agentId: agent,
      kind: 'recharge',
      amountFen: 2000000,
      ref: cz1,
      reason: '银行转账 ICBC20240301-88231',
      by: admin,
      requestId: 'recharge:demo-1',
    });
    const amount = 500 * 80 * 3;
    await tx.execute(sql`insert into consumption_orders (order_no, agent_id, netbar_id, product_id, product_name, months, machine_count, unit_price_fen, amount_fen, status, old_expire_at, new_expire_at, created_by, created_at, paid_at)
      values (${xf1}, ${agent}, ${second}, ${pro}, '专业版', 3, 80, 500, ${amount}, 1,
        (select expire_at from netbars where id = ${second}) - interval '3 months', (select expire_at from netbars where id = ${second}), ${agentUser}, now() - interval '25 days', now() - interval '25 days')`);
    await move(tx, {
      agentId: agent,
      kind: 'consume',
      amountFen: -amount,
      ref: xf1,
      reason: '网吧续费',
      by: agentUser,
      requestId: 'pay:demo-1',
    });

    const sub = await idOf(
      tx,
      sql`insert into agents (name, parent_id, contact, mobile, province, city, district, address)
      values ('苏州网吧服务商', ${agent}, '周经理', '13700000001', '江苏省', '苏州市', '姑苏区', '人民路300号') returning id`,
    );
    const subUser = await idOf(
      tx,
      sql`insert into users (user_name, password_hash, type, true_name, mobile, agent_id)
      values ('demo_subagent', ${hash}, 1, '周经理', '13700000001', ${sub}) returning id`,
    );
    await tx.execute(sql`update agents set owner_user_id = ${subUser} where id = ${sub}`);
    const subNb = await idOf(
      tx,
      sql`insert into netbars (name, agent_id, contact, mobile, province, city, district, address, machine_count, expire_at)
      values ('苏州极光网咖', ${sub}, '吴老板', '13700000003', '江苏省', '苏州市', '姑苏区', '观前街12号', 70, now() + interval '40 days') returning id`,
    );
    await tx.execute(sql`update netbars set pid = id where id = ${subNb}`);
    const subOwner = await idOf(
      tx,
      sql`insert into users (user_name, password_hash, type, true_name, mobile, netbar_id)
      values ('demo_netbar_sz', ${hash}, 3, '吴老板', '13700000003', ${subNb}) returning id`,
    );
    await tx.execute(sql`update netbars set owner_user_id = ${subOwner} where id = ${subNb}`);
    await tx.execute(
      sql`insert into netbar_agent_info (netbar_id, registered_by) values (${subNb}, ${subUser})`,
    );
    await move(tx, {
      agentId: sub!,
      kind: 'adjust_in',
      amountFen: 300000,
      ref: '人工调整',
      reason: '开户赠送',
      by: admin,
      requestId: 'adjust:demo-sub',
    });
    await tx.execute(sql`insert into consumption_orders (order_no, agent_id, netbar_id, product_id, product_name, months, machine_count, unit_price_fen, amount_fen, status, created_by, paid_at)
      values (${xf2}, ${sub}, ${subNb}, ${pro}, '专业版', 1, 70, 500, 35000, 1, ${subUser}, now() - interval '5 days')`);
    await move(tx, {
      agentId: sub!,
      kind: 'consume',
      amountFen: -35000,
      ref: xf2,
      reason: '网吧续费',
      by: subUser ?? null,
      requestId: 'pay:demo-2',
    });

    const beats = [
      {
        netbar_id: head,
        server_version: 'v5.2.1',
        ip: '101.89.12.34',
        machine_count: 120,
        online_count: 86,
        game_update_count: 3,
      },
      {
        netbar_id: second,
        server_version: 'v5.2.1',
        ip: '101.89.45.67',
        machine_count: 80,
        online_count: 52,
        game_update_count: 0,
      },
      {
        netbar_id: third,
        server_version: 'v5.1.8',
        ip: '180.163.8.9',
        machine_count: 60,
        online_count: 0,
        game_update_count: 5,
      },
      {
        netbar_id: other,
        server_version: 'v5.2.0',
        ip: '14.215.1.2',
        machine_count: 90,
        online_count: 40,
        game_update_count: 0,
      },
    ];
    for (const b of beats) {
      await setServerKey(tx, b.netbar_id, `demo-server-key-${b.netbar_id}`);
      await recordHeartbeat(tx, b);
    }
    // 三店's server went quiet two hours ago: it shows offline; its term runs out in 20 days.
    await tx.execute(sql`update netbars set expire_at = now() + interval '20 days' where id = ${third}`);
    await tx.execute(
      sql`update netbar_server_status set last_seen = now() - interval '2 hours' where netbar_id = ${third}`,
    );
  });
}
