import type { LevelRow, MemberMoveResult, MemberRow, MemberSettings, RedemptionRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches, rid, xlsxRows } from '../../test/kit.ts';
import { memberFieldKey } from './member-crypto.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
});

let n = 0;
async function member(c: Client = owner) {
  const r = await c.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `R${Date.now().toString().slice(-8)}${++n}`,
    name: `权益${n}`,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data;
}

describe('levels, redemption, chain sharing', () => {
  it('lists the demo levels with their rules, edits one, refuses a duplicate name and deleting a level in use', async () => {
    const l = await owner.get<LevelRow[]>('/api/v1/member_level_list');
    expect(l.data.map((x) => x.name)).toEqual(['普通会员', '黄金会员', '白金会员', '钻石会员']);
    expect(l.data[0]!.bonus_rules).toContainEqual({ threshold_fen: 10000, bonus_fen: 2000 });
    const gold = l.data[1]!;
    const e = await owner.post<LevelRow>('/api/v1/member_level_save', {
      ...gold,
      bonus_rules: JSON.stringify(gold.bonus_rules),
      rate_discount: 92,
    });
    expect(e.data.rate_discount).toBe(92);
    const dup = await owner.post('/api/v1/member_level_save', {
      name: '黄金会员',
      threshold_fen: 1,
      bonus_rules: '[]',
    });
    expect([dup.status, dup.msg]).toEqual([40009, '等级名称已存在']);
    const del = await owner.post('/api/v1/member_level_delete', { id: gold.id });
    expect(del.msg).toBe('该等级下还有会员，不能删除');
    const bad = await owner.post('/api/v1/member_level_save', {
      name: '坏规则',
      threshold_fen: 0,
      bonus_rules: JSON.stringify([
        { threshold_fen: 100, bonus_fen: 50 },
        { threshold_fen: 100, bonus_fen: 10 },
      ]),
    });
    expect(bad.msg).toBe('赠送规则的充值门槛不能重复');
    const other = await t.as(DEMO.netbar2);
    expect((await other.post('/api/v1/member_level_save', { ...gold, bonus_rules: '[]' })).status).toBe(
      40004,
    );
  });

  it('redeems points for 奖励, online minutes and goods, with records, filters and export', async () => {
    const m = await member();
    await owner.post('/api/v1/member_topup', { member_id: m.id, amount_fen: 50000, request_id: rid() });
    const sku = (
      await rows<{ id: number }>(
        t.database.db,
        // a good the counter holds now (the demo's counter runs out of some goods by the end of its 90 days)
        sql`select k.id from goods_skus k join netbars n on n.id = k.netbar_id
            join stock_levels l on l.netbar_id = n.id and l.item_kind = 'goods' and l.item_id = k.id and l.location = 'counter'
            where n.name = '星际网咖旗舰店' and l.qty >= 1 order by k.id limit 1`,
      )
    )[0]!.id;
    const redeem = (b: Record<string, unknown>) =>
      owner.post<MemberMoveResult>('/api/v1/member_redeem', { member_id: m.id, request_id: rid(), ...b });
    const a = await redeem({ kind: 'bonus', points: 100, bonus_fen: 500 });
    expect(a.status, a.msg).toBe(200);
    expect(a.data.ledger).toMatchObject({ kind: 'redeem', points_delta: -100, bonus_delta: 500 });
    expect((await redeem({ kind: 'online', points: 50, minutes: 60 })).status).toBe(200);
    expect((await redeem({ kind: 'goods', points: 50, sku_id: sku, qty: 1 })).status).toBe(200);
    expect((await redeem({ kind: 'goods', points: 50, sku_id: 99999999 })).msg).toBe('商品不存在');
    expect((await redeem({ kind: 'online', points: 10 })).msg).toBe('请输入兑换的上网时长');
    expect((await redeem({ kind: 'bonus', points: 999999, bonus_fen: 1 })).msg).toMatch(/^积分不足/);
    const list = await owner.get<{ list: RedemptionRow[]; count: number }>('/api/v1/redemption_list', {
      keyword: m.name,
    });
    expect(list.data.count).toBe(3);
    expect(list.data.list.map((r) => r.kind).sort()).toEqual(['bonus', 'goods', 'online']);
    expect(list.data.list.find((r) => r.kind === 'goods')!.goods_name).not.toBe('');
    const x = await xlsxRows(owner, `/api/v1/redemption_export?keyword=${encodeURIComponent(m.name)}`);
    expect(x.rows.length).toBe(5);
    expect(
      (await owner.get<{ count: number }>('/api/v1/redemption_list', { kind: 'online', keyword: m.name }))
        .data.count,
    ).toBe(1);
  });

  it('shares members across the chain when the head switches on 会员连锁通用; other chains never see them', async () => {
    const m = await member();
    const share = () =>
      owner.post<MemberSettings>('/api/v1/member_settings_save', {
        deduct_order: 'bonus_first',
        chain_shared: 1,
      });
    // the demo's 二店 and 三店 keep members of their own: their balances cannot be merged, so sharing is refused
    const refused = await share();
    expect([refused.status, refused.msg]).toEqual([
      40000,
      '连锁内其他门店已有自己登记的会员，不能切换会员连锁通用（会员余额不能自动合并或拆分）',
    ]);
    expect((await owner.get<MemberSettings>('/api/v1/member_settings')).data.chain_shared).toBe(false);
    // a chain whose other stores have none: the test hands 二店's members to 三店 and takes 三店 out of the chain
    const subs = await rows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from netbars where chain_id = ${m.netbar_id} and id <> ${m.netbar_id}`,
    );
    const second = subs.find((x) => x.name === '星际网咖二店')!.id;
    const third = subs.find((x) => x.name === '星际网咖三店')!.id;
    await t.database.db.execute(
      sql`update members set netbar_id = ${third}, pool_id = ${third}, card_hmac = md5(card_hmac || 'moved')
          where pool_id = ${second}`,
    );
    await t.database.db.execute(sql`update netbars set chain_id = 0 where id = ${third}`);
    const s = await share();
    expect(s.status, s.msg).toBe(200);
    expect(s.data).toMatchObject({ chain_shared: true, is_chain_head: true });
    const stores = (
      await owner.get<{
        list: { netbar_name: string; cid: number; pid: number; nid: number; chain_type: number }[];
      }>('/api/v1/get_store_list')
    ).data.list;
    const sub = stores.find((x) => x.netbar_name === '星际网咖二店')!;
    const sw = await owner.post('/api/v1/change_store', {
      cid: sub.cid,
      pid: sub.pid,
      nid: sub.nid,
      change_type: 1,
      chain_type: sub.chain_type,
    });
    expect(sw.msg).toBe('门店切换成功');
    const d = await owner.get<MemberRow>('/api/v1/member_detail', { id: m.id });
    expect(d.data.name).toBe(m.name);
    const top = await owner.post<MemberMoveResult>('/api/v1/member_topup', {
      member_id: m.id,
      amount_fen: 1000,
      request_id: rid(),
    });
    expect(top.status, top.msg).toBe(200);
    const sett = await owner.get<MemberSettings>('/api/v1/member_settings');
    expect(sett.data).toMatchObject({ is_chain_head: false, shared_by_chain: true });
    expect(
      (await owner.post('/api/v1/member_settings_save', { deduct_order: 'bonus_first', chain_shared: 1 }))
        .msg,
    ).toBe('只有连锁总店可以设置会员连锁通用');
    const added = await member();
    // a fresh login is back at the head store
    const head = await t.as(DEMO.netbar);
    expect(
      (await head.post('/api/v1/member_settings_save', { deduct_order: 'bonus_first', chain_shared: 0 })).msg,
    ).toMatch(/^连锁内其他门店已有自己登记的会员/);
    expect((await head.get<MemberRow>('/api/v1/member_detail', { id: added.id })).data.netbar_name).toBe(
      '星际网咖二店',
    );
    const other = await t.as(DEMO.netbar2);
    expect((await other.get('/api/v1/member_detail', { id: m.id })).status).toBe(40004);
  });

  it('keeps the ledger append-only and refuses to start in production without MEMBER_FIELD_KEY', async () => {
    await expect(
      rows(
        t.database.db,
        sql`update member_ledger set principal_delta = 0 where id = (select max(id) from member_ledger)`,
      ),
    ).rejects.toThrow();
    await expect(
      rows(t.database.db, sql`delete from member_ledger where id = (select max(id) from member_ledger)`),
    ).rejects.toThrow();
    await expect(rows(t.database.db, sql`truncate member_ledger`)).rejects.toThrow();
    expect(await count(t, 'member_ledger')).toBeGreaterThan(0);
    expect(() => memberFieldKey(loadConfig({ NODE_ENV: 'production' }))).toThrow(/MEMBER_FIELD_KEY/);
    expect(memberFieldKey(loadConfig({ NODE_ENV: 'production', MEMBER_FIELD_KEY: 'k'.repeat(32) }))).toBe(
      'k'.repeat(32),
    );
    expect(() => loadConfig({ MEMBER_FIELD_KEY: 'short' })).toThrow();
  });
});
