import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import {
  c1,
  injectSender,
  notificationOutcomes,
  notifyRace,
  paymentState,
  payRid,
  postNotice,
} from '../../test/payment-kit.ts';
import { onPaymentSettled, paymentsOf, SANDBOX_HEADERS, signedNotice } from './index.ts';

/**
 * Decision 161: a notification settles a payment only when its signature, freshness, nonce and amount
 * hold; whatever arrives, a payment is paid once and a purpose is settled by one payment.
 */
let t: TestApp;
let shop: Client;
beforeAll(async () => {
  t = await createTestApp();
  shop = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const svc = () => paymentsOf(t.app.deps);
/** A payment the customer has paid at the sandbox, its notification not yet delivered. */
async function paidAtSandbox(amount_fen = 1000) {
  const r = await c1(shop, 'POST', 'pay_create', { amount_fen, method: 'wechat', request_id: payRid() });
  const no = r.data.payment_no;
  await svc().sandbox.pay(no);
  await rows(t.database.db, sql`delete from sandbox_notify_queue`);
  return no;
}
const unchanged = async (no: string) => {
  const s = await paymentState(t.app, no);
  expect([s.status, s.paid_at, s.provider_txn_id]).toEqual(['待支付', null, null]);
};

describe('forged, replayed, mis-signed and altered notifications change nothing', () => {
  it('a wrong signature, a foreign key, a missing header and an altered amount are refused and logged', async () => {
    const no = await paidAtSandbox(1000);
    const good = await svc().sandbox.notice(no);

    const forged = {
      ...good,
      headers: {
        ...good.headers,
        [SANDBOX_HEADERS.signature]: `AAAA${good.headers[SANDBOX_HEADERS.signature]!.slice(4)}`,
      },
    };
    const a = await postNotice(t.app, forged);
    expect([a.http, a.body.code, a.body.status, a.body.msg]).toEqual([400, 'FAIL', 40000, '签名验证失败']);

    const body = JSON.parse(good.body);
    const foreign = signedNotice('k'.repeat(40), {
      out_trade_no: no,
      txn_id: body.txn_id,
      amount_fen: 1000,
      paid_at: new Date(),
    });
    expect((await postNotice(t.app, foreign)).body.msg).toBe('签名验证失败');

    const { [SANDBOX_HEADERS.nonce]: _n, ...noNonce } = good.headers;
    expect((await postNotice(t.app, { ...good, headers: noNonce })).body.msg).toBe('缺少签名信息');

    // the body altered after signing: the signature no longer matches
    const altered = { ...good, body: good.body.replace('"amount_fen":1000', '"amount_fen":1') };
    expect((await postNotice(t.app, altered)).body.msg).toBe('签名验证失败');

    // correctly signed with our key but for another amount: never trusted without a match
    const key = await svc().sandboxKey();
    const cheap = signedNotice(key, {
      out_trade_no: no,
      txn_id: body.txn_id,
      amount_fen: 1,
      paid_at: new Date(),
    });
    expect((await postNotice(t.app, cheap)).body.msg).toBe('通知金额与支付单金额不符');
    // correctly signed, for a payment we never made
    const ghost = signedNotice(key, {
      out_trade_no: 'P2026010100000000000000',
      txn_id: 'SBX1',
      amount_fen: 1000,
      paid_at: new Date(),
    });
    expect((await postNotice(t.app, ghost)).body.msg).toBe('支付单不存在');
    // correctly signed, sent to another provider's endpoint
    expect((await postNotice(t.app, good, 'alipay')).http).toBe(404);

    await unchanged(no);
    expect(await notificationOutcomes(t.app, no)).toEqual({ refused: 6 });
    expect(await countOf(t, 'payment_notifications', "outcome = 'refused' and reason = '签名验证失败'")).toBe(
      3,
    );
  });

  it('an old (or future) timestamp and a reused nonce are replays', async () => {
    const no = await paidAtSandbox(700);
    const old = await svc().sandbox.notice(no, new Date(Date.now() - 10 * 60_000));
    expect((await postNotice(t.app, old)).body.msg).toBe('通知时间戳超出允许范围（疑似重放）');
    const future = await svc().sandbox.notice(no, new Date(Date.now() + 10 * 60_000));
    expect((await postNotice(t.app, future)).body.msg).toBe('通知时间戳超出允许范围（疑似重放）');
    await unchanged(no);

    const once = await svc().sandbox.notice(no);
    expect((await postNotice(t.app, once)).body.code).toBe('SUCCESS');
    const replay = await postNotice(t.app, once);
    expect([replay.http, replay.body.msg]).toEqual([400, '通知随机串已使用（疑似重放）']);
    const s = await paymentState(t.app, no);
    expect(s.status).toBe('已支付');
    expect(await notificationOutcomes(t.app, no)).toEqual({ refused: 3, settled: 1 });
  });

  it('malformed bodies and unknown providers get Chinese refusals, never a 500', async () => {
    for (const payload of ['', 'not json', '{"a":1}', '[]']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/c1/notify/sandbox',
        payload,
        headers: { 'content-type': 'text/plain' },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body).msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const x = await t.app.inject({ method: 'POST', url: '/api/c1/notify/paypal', payload: '{}' });
    expect([x.statusCode, JSON.parse(x.body).msg]).toEqual([404, '支付通道不存在']);
  });
});

describe('paid once', () => {
  it('10 notifications at once (each freshly signed): one settles, nine are repeats, all acknowledged', async () => {
    const no = await paidAtSandbox(1500);
    const r = await notifyRace(t.app, no, 10);
    expect([r.accepted, r.refused]).toEqual([10, 0]);
    expect(r.state.status).toBe('已支付');
    expect(r.outcomes).toEqual({ settled: 1, repeated: 9 });
  });

  it('the same notification 10 times at once: one is accepted, nine refused as replays', async () => {
    const no = await paidAtSandbox(1600);
    const r = await notifyRace(t.app, no, 10, true);
    expect([r.accepted, r.refused]).toEqual([1, 9]);
    expect(r.outcomes).toEqual({ settled: 1, refused: 9 });
  });

  it('the purpose hears of its payment once, in the settling transaction; a throw leaves it unpaid', async () => {
    const nid = (
      await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
    )[0]!.id;
    const heard: string[] = [];
    let fail = true;
    const off = onPaymentSettled('topup', async (_tx, p) => {
      if (fail) throw new Error('会员不存在');
      heard.push(p.payment_no);
    });
    const caller = { userId: 0, publicBase: 'http://127.0.0.1:8080' };
    const { payment } = await svc().create(systemStoreScope(nid), caller, {
      purpose: 'topup',
      purpose_ref: 'M1-TOP-1',
      amount_fen: 5000,
      method: 'alipay',
      request_id: payRid(),
    });
    await svc().sandbox.pay(payment.payment_no);
    const first = await svc().backgroundPass(injectSender(t.app));
    expect(first).toEqual({ sent: 1, acked: 0 });
    expect((await paymentState(t.app, payment.payment_no)).status).toBe('待支付');
    // the acquirer repeats after its backoff; this time the purpose accepts
    fail = false;
    await rows(t.database.db, sql`update sandbox_notify_queue set next_at = now()`);
    expect(await svc().backgroundPass(injectSender(t.app))).toEqual({ sent: 1, acked: 1 });
    expect(heard).toEqual([payment.payment_no]);
    off();
    expect((await paymentState(t.app, payment.payment_no)).status).toBe('已支付');
  });

  it('a second payment of a purpose already paid is refunded automatically and logged', async () => {
    const nid = (
      await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
    )[0]!.id;
    const caller = { userId: 0, publicBase: 'http://127.0.0.1:8080' };
    const make = () =>
      svc().create(systemStoreScope(nid), caller, {
        // a purpose without a settle handler: 'order' is the counter's now (decision 169), and it refuses
        // an order it does not know
        purpose: 'counter',
        purpose_ref: 'CNT-DUP-1',
        amount_fen: 2300,
        method: 'wechat',
        request_id: payRid(),
      });
    const a = (await make()).payment.payment_no;
    const b = (await make()).payment.payment_no;
    await svc().sandbox.pay(a);
    await svc().sandbox.pay(b);
    expect(await svc().backgroundPass(injectSender(t.app))).toEqual({ sent: 2, acked: 2 });
    const [sa, sb] = [await paymentState(t.app, a), await paymentState(t.app, b)];
    expect([sa.status, sa.duplicate]).toEqual(['已支付', false]);
    expect([sb.status, sb.duplicate, sb.refunded_fen]).toEqual(['已退款', true, 2300]);
    expect(await notificationOutcomes(t.app, b)).toEqual({ duplicate: 1 });
    expect(
      await countOf(
        t,
        'payment_refunds',
        "automatic and status = '成功' and reason = '重复支付自动退款' and amount_fen = 2300",
      ),
    ).toBe(1);
    // the acquirer's books agree: the second transaction is refunded
    const sbx = await rows<{ refunded_fen: number }>(
      t.database.db,
      sql`select refunded_fen::float8 as refunded_fen from sandbox_txns where out_trade_no = ${b}`,
    );
    expect(Number(sbx[0]!.refunded_fen)).toBe(2300);
  });
});

describe('refunds never exceed what was paid', () => {
  it('partial, over, repeated and concurrent refunds', async () => {
    const no = await paidAtSandbox(1000);
    await notifyRace(t.app, no, 1);
    const rid = payRid();
    const first = await c1(shop, 'POST', 'pay_refund', { payment_no: no, amount_fen: 300, request_id: rid });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      payment: { status: '部分退款', refunded_fen: 300 },
      refund: { status: '成功' },
    });
    const again = await c1(shop, 'POST', 'pay_refund', { payment_no: no, amount_fen: 300, request_id: rid });
    expect(again.status).toBe(40007);
    const over = await c1(shop, 'POST', 'pay_refund', {
      payment_no: no,
      amount_fen: 701,
      request_id: payRid(),
    });
    expect([over.status, over.msg]).toEqual([40000, '退款金额超过可退金额']);
    for (const bad of [0, -5, 1.5]) {
      const r = await c1(shop, 'POST', 'pay_refund', {
        payment_no: no,
        amount_fen: bad,
        request_id: payRid(),
      });
      expect([r.status, r.msg]).toEqual([40000, '退款金额须为大于0的整数分']);
    }
    // eight cashiers refund 200 at once on the 700 left: three succeed, the rest are refused
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        c1(shop, 'POST', 'pay_refund', { payment_no: no, amount_fen: 200, request_id: payRid() }),
      ),
    );
    expect(tries.filter((r) => r.status === 200).length).toBe(3);
    expect(tries.filter((r) => r.status !== 200).every((r) => r.msg === '退款金额超过可退金额')).toBe(true);
    const s = await paymentState(t.app, no);
    expect([s.status, s.refunded_fen]).toEqual(['部分退款', 900]);
    const sum = await rows<{ n: number }>(
      t.database.db,
      sql`select coalesce(sum(r.amount_fen), 0)::float8 as n from payment_refunds r join payments p on p.id = r.payment_id where p.payment_no = ${no} and r.status = '成功'`,
    );
    expect(Number(sum[0]!.n)).toBe(900);
    // an unpaid payment cannot be refunded; another store's cannot be seen
    const pending = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 100,
      method: 'wechat',
      request_id: payRid(),
    });
    const r1 = await c1(shop, 'POST', 'pay_refund', {
      payment_no: pending.data.payment_no,
      amount_fen: 100,
      request_id: payRid(),
    });
    expect(r1.msg).toBe('支付单未支付或已全额退款，不能退款');
    const other = await t.as(DEMO.netbar2);
    const r2 = await c1(other, 'POST', 'pay_refund', {
      payment_no: no,
      amount_fen: 100,
      request_id: payRid(),
    });
    expect([r2.status, r2.msg]).toEqual([40004, '支付单不存在']);
  });
});

describe('the sandbox acquirer repeats until acknowledged', () => {
  it('an unanswered notification is repeated after its backoff, from the queue (a restart resumes it)', async () => {
    const r = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 990,
      method: 'wechat',
      request_id: payRid(),
    });
    const no = r.data.payment_no;
    await svc().sandbox.pay(no);
    const down = async () => ({ http: 502, body: 'bad gateway' });
    expect(await svc().backgroundPass(down)).toEqual({ sent: 1, acked: 0 });
    const q = await rows<{ attempts: number; wait: number }>(
      t.database.db,
      sql`select attempts, extract(epoch from next_at - now())::float8 as wait from sandbox_notify_queue where acked_at is null`,
    );
    expect(q[0]!.attempts).toBe(1);
    expect(q[0]!.wait).toBeGreaterThan(0);
    // not due yet: nothing is sent
    expect(await svc().backgroundPass(injectSender(t.app))).toEqual({ sent: 0, acked: 0 });
    await rows(t.database.db, sql`update sandbox_notify_queue set next_at = now() where acked_at is null`);
    expect(await svc().backgroundPass(injectSender(t.app))).toEqual({ sent: 1, acked: 1 });
    expect((await paymentState(t.app, no)).status).toBe('已支付');
  });

  it('the pass closes expired payments (paid ones are settled instead) and forgets nonces past the window', async () => {
    const a = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 120,
      method: 'wechat',
      request_id: payRid(),
    });
    const b = await c1(shop, 'POST', 'pay_create', {
      amount_fen: 130,
      method: 'wechat',
      request_id: payRid(),
    });
    await svc().sandbox.pay(b.data.payment_no);
    await rows(t.database.db, sql`delete from sandbox_notify_queue where acked_at is null`);
    await rows(
      t.database.db,
      sql`update payments set expires_at = now() - interval '1 minute' where payment_no in (${a.data.payment_no}, ${b.data.payment_no})`,
    );
    await rows(
      t.database.db,
      sql`insert into payment_notify_nonces (provider, nonce, seen_at) values ('sandbox', 'oldnonce01', now() - interval '1 hour')`,
    );
    await svc().backgroundPass(injectSender(t.app));
    expect((await paymentState(t.app, a.data.payment_no)).status).toBe('已关闭');
    expect((await paymentState(t.app, b.data.payment_no)).status).toBe('已支付');
    expect(await countOf(t, 'payment_notify_nonces', "nonce = 'oldnonce01'")).toBe(0);
    expect(
      await countOf(t, 'payment_notify_nonces', "seen_at > now() - interval '5 minutes'"),
    ).toBeGreaterThan(0);
  });
});
