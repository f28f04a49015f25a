import { fromShanghai, PERM, type SmsCampaignRow, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf, rid } from '../../test/kit.ts';
import { dispatchSms } from './sms-dispatch.ts';
import { effectiveSendAt } from './sms-marketing.service.ts';

/** 短信营销 (decision 179): opt-out honoured, quiet hours, the daily cap, one send per campaign. */

let t: TestApp;
let owner: Client;
let nid = 0;
let gold = 0;
const mobiles = ['13900000101', '13900000102', '13900000103'];
const delivery = () => {
  const sent: string[] = [];
  return { sent, send: async (m: { to: string; text: string }) => void sent.push(`${m.to} ${m.text}`) };
};
const CONTENT = '周末充值100送20，欢迎光临！回T退订';
const save = (over: Record<string, unknown> = {}) =>
  owner.post<{ id: number; estimate: { recipients: number; cost_fen: number; segments: number } }>(
    '/api/v1/sms_campaign_save',
    { name: '周末充值', content: CONTENT, levels: String(gold), ...over },
  );
const detail = async (id: number) =>
  (await owner.get<SmsCampaignRow>('/api/v1/sms_campaign_detail', { id })).data;
const tomorrow = (hm: string) => `${shanghaiDate(Date.now() + 86_400_000)} ${hm}`;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  const db = t.database.db;
  nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
  gold = (
    await rows<{ id: number }>(
      db,
      sql`select id from member_levels where pool_id = ${nid} and name like '黄金%'`,
    )
  )[0]!.id;
  for (const [i, mobile] of mobiles.entries())
    await rows(
      db,
      sql`insert into members (pool_id, netbar_id, card_enc, card_hmac, card_mask, name, level_id, mobile)
          values (${nid}, ${nid}, 'x', ${`sms-${i}`}, '****', ${`短信会员${i}`}, ${gold}, ${mobile})`,
    );
  expect((await owner.post('/api/v1/store_app_switch', { key: 'message', enabled: '1' })).status).toBe(200);
}, 600_000);
afterAll(async () => t?.close(), 600_000);

describe('SMS marketing', () => {
  it('a campaign to 黄金 reaches the outbox once, with the signature and 回T退订, skipping opted-out members', async () => {
    const reply = await owner.post<{ opted_out: number }>('/api/v1/sms_reply', {
      mobile: mobiles[1],
      text: 'T',
    });
    expect(reply.data.opted_out).toBe(1);
    const m3 = (
      await rows<{ id: number }>(t.database.db, sql`select id from members where mobile = ${mobiles[2]}`)
    )[0]!;
    expect((await owner.post('/api/v1/sms_opt_out', { member_id: m3.id })).msg).toBe('已退订');

    const s = await save();
    expect(s.status, s.msg).toBe(200);
    const reach = await countOf(
      t,
      'members',
      `pool_id = ${nid} and level_id = ${gold} and status = 1 and mobile ~ '^1[3-9][0-9]{9}$'`,
    );
    // the demo's own opted-out 黄金 members count too
    const opted = await countOf(
      t,
      'members m',
      `m.pool_id = ${nid} and m.level_id = ${gold} and m.status = 1 and m.mobile ~ '^1[3-9][0-9]{9}$'
       and exists (select 1 from sms_opt_outs o where o.pool_id = m.pool_id and o.member_id = m.id)`,
    );
    expect(opted).toBeGreaterThanOrEqual(2);
    const sendable = reach - opted;
    expect(s.data.estimate.recipients).toBe(sendable);
    expect(s.data.estimate.cost_fen).toBe(sendable * s.data.estimate.segments * 5);

    const key = rid();
    const a = await owner.post<SmsCampaignRow>('/api/v1/sms_campaign_send', {
      id: s.data.id,
      request_id: key,
    });
    expect(a.data.status, a.msg).toBe('scheduled');
    const again = await owner.post<SmsCampaignRow>('/api/v1/sms_campaign_send', {
      id: s.data.id,
      request_id: key,
    });
    expect(again.data.send_at).toBe(a.data.send_at);
    await owner.post('/api/v1/sms_campaign_send', { id: s.data.id, request_id: rid() });

    const at = new Date(fromShanghai(a.data.send_at).getTime() + 60_000);
    const d1 = delivery();
    await dispatchSms(t.database.db, d1, 10_000, at);
    await dispatchSms(t.database.db, d1, 10_000, at);
    expect(d1.sent).toHaveLength(sendable);
    expect(d1.sent.find((x) => x.startsWith(mobiles[0]!))).toBe(`${mobiles[0]} 【星际网咖旗舰店】${CONTENT}`);
    expect(d1.sent.some((x) => x.startsWith(mobiles[1]!) || x.startsWith(mobiles[2]!))).toBe(false);
    expect(await detail(s.data.id)).toMatchObject({
      status: 'done',
      sent: sendable,
      skipped: opted,
      queued: 0,
      failed: 0,
    });
  });

  it('the real delivery writes the outbox with the opt-out text', async () => {
    const s = await save({ send_at: tomorrow('10:00') });
    const a = await owner.post<SmsCampaignRow>('/api/v1/sms_campaign_send', {
      id: s.data.id,
      request_id: rid(),
    });
    expect(a.data.send_at).toBe(`${tomorrow('10:00')}:00`);
    const before = await count(t, 'outbox');
    const { messagingOf } = await import('../outbox/index.ts');
    await dispatchSms(
      t.database.db,
      messagingOf(t.app.deps).delivery,
      10_000,
      fromShanghai(tomorrow('10:01')),
    );
    const out = await rows<{ to_addr: string; content: string; purpose: string }>(
      t.database.db,
      sql`select to_addr, content, purpose from outbox where purpose = 'marketing' and to_addr = ${mobiles[0]}`,
    );
    expect(out.at(-1)!.content).toContain('回T退订');
    expect(await count(t, 'outbox')).toBeGreaterThan(before);
    expect(out.some((o) => o.to_addr === mobiles[1])).toBe(false);
  });

  it('quiet hours defer a send to 08:00 and the dispatcher sends nothing then', async () => {
    expect(effectiveSendAt(fromShanghai('2030-01-01 22:30'), new Date('2029-01-01'))).toEqual(
      fromShanghai('2030-01-02 08:00'),
    );
    expect(effectiveSendAt(fromShanghai('2030-01-02 07:59'), new Date('2029-01-01'))).toEqual(
      fromShanghai('2030-01-02 08:00'),
    );
    expect(effectiveSendAt(fromShanghai('2030-01-02 12:00'), new Date('2029-01-01'))).toEqual(
      fromShanghai('2030-01-02 12:00'),
    );
    const s = await save({ send_at: tomorrow('23:00') });
    const a = await owner.post<SmsCampaignRow>('/api/v1/sms_campaign_send', {
      id: s.data.id,
      request_id: rid(),
    });
    const day2 = shanghaiDate(fromShanghai(tomorrow('23:00')).getTime() + 86_400_000);
    expect(a.data.send_at).toBe(`${day2} 08:00:00`);
    const d = delivery();
    const r = await dispatchSms(t.database.db, d, 10_000, fromShanghai(`${day2} 07:59`));
    expect(r.deferred).toBe(true);
    expect(d.sent).toHaveLength(0);
    await dispatchSms(t.database.db, d, 10_000, fromShanghai(`${day2} 08:00`));
    expect(d.sent.length).toBeGreaterThan(0);
  });

  it('the daily cap stops sending; the rest goes the next day', async () => {
    const s = await save({ send_at: '2031-03-01 10:00' });
    await owner.post('/api/v1/sms_campaign_send', { id: s.data.id, request_id: rid() });
    const d = delivery();
    await dispatchSms(t.database.db, d, 1, fromShanghai('2031-03-01 10:01'));
    await dispatchSms(t.database.db, d, 1, fromShanghai('2031-03-01 11:00'));
    expect(d.sent).toHaveLength(1);
    expect(await detail(s.data.id)).toMatchObject({ status: 'sending', sent: 1 });
    await dispatchSms(t.database.db, d, 10_000, fromShanghai('2031-03-02 09:00'));
    expect((await detail(s.data.id)).status).toBe('done');
    expect(d.sent).toHaveLength(s.data.estimate.recipients);
  });

  it('bad input is refused in Chinese and writes nothing', async () => {
    const before = await count(t, 'sms_campaigns');
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '周末充值100送20' }, '短信内容必须包含退订提示“回T退订”'],
      [{ content: `${'好'.repeat(260)}回T退订` }, '短信过长：含签名最多268个字（4条）'],
      [{ balance_min_fen: '999999999' }, '所选会员中没有可接收短信的会员'],
      [{ send_at: '2020-01-01 10:00' }, '发送时间不能早于当前时间'],
      [{ send_at: '明天' }, '请选择正确的发送时间'],
      [{ name: '' }, '请输入1-40个字的活动名称'],
      [{ levels: 'x' }, '会员等级不正确'],
    ];
    for (const [over, msg] of cases) {
      const r = await save(over);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'sms_campaigns')).toBe(before);
    const bad = await owner.post('/api/v1/sms_reply', { mobile: '123', text: 'T' });
    expect(bad.msg).toBe('请输入正确的手机号');
  });

  it("another store's campaigns are absent; other user types are refused; a disabled app refuses", async () => {
    const s = await save();
    const other = await t.as(DEMO.netbar2);
    await other.post('/api/v1/store_app_switch', { key: 'message', enabled: '1' });
    const list = await other.get<{ list: SmsCampaignRow[] }>('/api/v1/sms_campaign_list');
    expect(list.status, list.msg).toBe(200);
    expect(list.data.list.some((c) => c.id === s.data.id)).toBe(false);
    expect((await other.get('/api/v1/sms_campaign_detail', { id: s.data.id })).status).toBe(40004);
    const send = await other.post('/api/v1/sms_campaign_send', { id: s.data.id, request_id: rid() });
    expect(send.status).toBe(40004);
    expect((await detail(s.data.id)).status).toBe('draft');

    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/sms_campaign_list')).status).toBe(40003);

    await owner.post('/api/v1/store_app_switch', { key: 'message', enabled: '0' });
    const off = await owner.get('/api/v1/sms_campaign_list');
    expect([off.status, off.msg]).toEqual([40003, '「短信营销」应用未开通，请在应用中心开通']);
    await owner.post('/api/v1/store_app_switch', { key: 'message', enabled: '1' });
    expect(PERM.SMS_MARKETING).toBe(10517);
  });
});
