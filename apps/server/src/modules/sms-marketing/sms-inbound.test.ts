import { createHmac } from 'node:crypto';
import { fromShanghai, SMS_INBOUND_MSG, type SmsCampaignRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, rid } from '../../test/kit.ts';
import { dispatchSms } from './sms-dispatch.ts';

/** The SMS provider's inbound webhook (decision 183): a signed T reply opts the mobile out for good. */

const SECRET = 'inbound-test-secret-0123456789';
let t: TestApp;
let owner: Client;
let nid = 0;
let gold = 0;
const MOBILE = '13900000201';

beforeAll(async () => {
  t = await createTestApp({ SMS_WEBHOOK_SECRET: SECRET });
  owner = await t.as(DEMO.netbar);
  const db = t.database.db;
  nid = (await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
  gold = (
    await rows<{ id: number }>(
      db,
      sql`select id from member_levels where pool_id = ${nid} and name like '黄金%'`,
    )
  )[0]!.id;
  await rows(
    db,
    sql`insert into members (pool_id, netbar_id, card_enc, card_hmac, card_mask, name, level_id, mobile)
        values (${nid}, ${nid}, 'x', 'inbound-1', '****', '回复会员', ${gold}, ${MOBILE})`,
  );
  expect((await owner.post('/api/v1/store_app_switch', { key: 'message', enabled: '1' })).status).toBe(200);
}, 600_000);
afterAll(async () => t?.close(), 600_000);

function post(body: string, opts: { secret?: string; ts?: number; sign?: boolean } = {}) {
  const timestamp = String(opts.ts ?? Math.floor(Date.now() / 1000));
  const nonce = Math.random().toString(36).slice(2, 12);
  const signature = createHmac('sha256', opts.secret ?? SECRET)
    .update(`${timestamp}\n${nonce}\n${body}`)
    .digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/sms/inbound',
    headers: {
      'content-type': 'application/json',
      ...(opts.sign === false
        ? {}
        : { 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature }),
    },
    payload: body,
  });
}
const optedOut = () =>
  countOf(
    t,
    'sms_opt_outs o join members m on m.id = o.member_id',
    `m.mobile = '${MOBILE}' and o.source = 'reply'`,
  );

describe('inbound SMS webhook', () => {
  it('a signed 退订 reply opts the mobile out; a later campaign skips it', async () => {
    const hello = await post(JSON.stringify({ mobile: MOBILE, text: '你好' }));
    expect(hello.statusCode).toBe(200);
    expect(hello.json()).toMatchObject({ status: 200, data: { opted_out: 0 } });
    expect(await optedOut()).toBe(0);

    const r = await post(JSON.stringify({ mobile: `+86${MOBILE}`, text: ' td ' }));
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 200, msg: '已退订', data: { opted_out: 1 } });
    expect(await optedOut()).toBe(1);
    // again: still one opt-out (forever, once)
    expect((await post(JSON.stringify({ mobile: MOBILE, text: '退订' }))).statusCode).toBe(200);
    expect(await optedOut()).toBe(1);

    const s = await owner.post<{ id: number }>('/api/v1/sms_campaign_save', {
      name: '回复后活动',
      content: '本周会员日，充值有礼！回T退订',
      levels: String(gold),
    });
    expect(s.status, s.msg).toBe(200);
    const a = await owner.post<SmsCampaignRow>('/api/v1/sms_campaign_send', {
      id: s.data.id,
      request_id: rid(),
    });
    expect(a.status, a.msg).toBe(200);
    const sent: string[] = [];
    const at = new Date(fromShanghai(a.data.send_at).getTime() + 60_000);
    await dispatchSms(t.database.db, { send: async (m) => void sent.push(m.to) }, 10_000, at);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent).not.toContain(MOBILE);
    const skipped = await countOf(
      t,
      'sms_recipients r join members m on m.id = r.member_id',
      `r.campaign_id = ${s.data.id} and m.mobile = '${MOBILE}' and r.status = 'skipped'`,
    );
    expect(skipped).toBe(1);
  });

  it('refuses a missing, wrong or stale signature with 403 and no stack trace; writes nothing', async () => {
    const before = await countOf(t, 'sms_opt_outs');
    const body = JSON.stringify({ mobile: '13900000299', text: 'T' });
    for (const r of [
      await post(body, { sign: false }),
      await post(body, { secret: 'another-secret-0123456789' }),
      await post(body, { ts: Math.floor(Date.now() / 1000) - 3600 }),
    ]) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ status: 40003, msg: SMS_INBOUND_MSG.signature });
      expect(r.body).not.toMatch(/at .*\.ts|stack/i);
    }
    expect(await countOf(t, 'sms_opt_outs')).toBe(before);
  });

  it('refuses a signed garbage body in Chinese', async () => {
    const before = await countOf(t, 'sms_opt_outs');
    const cases: [string, string][] = [
      ['not json', SMS_INBOUND_MSG.body],
      ['', SMS_INBOUND_MSG.body],
      [JSON.stringify({ mobile: '123', text: 'T' }), '请输入正确的手机号'],
      [JSON.stringify({ mobile: MOBILE }), '请输入回复内容'],
      [JSON.stringify([1, 2]), SMS_INBOUND_MSG.body],
      ['null', SMS_INBOUND_MSG.body],
    ];
    for (const [body, msg] of cases) {
      const r = await post(body);
      expect(r.statusCode, body).toBe(400);
      expect(r.json(), body).toMatchObject({ status: 40000, msg });
    }
    expect(await countOf(t, 'sms_opt_outs')).toBe(before);
  });
});

describe('inbound SMS webhook without a secret', () => {
  it('refuses every call (403) when SMS_WEBHOOK_SECRET is not set', async () => {
    const bare = await createTestApp();
    try {
      const r = await bare.app.inject({
        method: 'POST',
        url: '/sms/inbound',
        headers: {
          'content-type': 'application/json',
          'x-timestamp': '1',
          'x-nonce': 'a',
          'x-signature': 'b',
        },
        payload: '{}',
      });
      expect(r.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  }, 600_000);
});
