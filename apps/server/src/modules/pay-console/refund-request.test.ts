import type { RefundRequestRow, TradeDetail, TradePage } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';
import { c1, paymentState, payRid } from '../../test/payment-kit.ts';

let t: TestApp;
let pay: Client;
let shop: Client;
beforeAll(async () => {
  t = await createTestApp();
  pay = await t.as(DEMO.pay);
  shop = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

/** A paid scan payment of the flagship without a request yet (the demo's). */
async function freshPayment(min = 1000) {
  const r = await rows<{ payment_no: string; amount_fen: number }>(
    t.app.deps.db,
    sql`select p.payment_no, p.amount_fen::float8 as amount_fen from payments p join netbars n on n.id = p.netbar_id
        where n.name = '星际网咖旗舰店' and p.status = '已支付' and p.amount_fen >= ${min}
          and p.request_id like 'demo-scan-%'
          and not exists (select 1 from payment_refund_requests q where q.payment_id = p.id)
        order by p.id desc limit 1 offset ${Math.floor(Math.random() * 20)}`,
  );
  return { no: r[0]!.payment_no, fen: Number(r[0]!.amount_fen) };
}
const ask = (c: Client, b: Record<string, unknown>) =>
  c1<RefundRequestRow>(c, 'POST', 'refund_request_add', b);
const approve = (id: number, request_id = payRid()) =>
  c1<RefundRequestRow>(pay, 'POST', 'refund_request_approve', { id, request_id });

describe('refunds on request', () => {
  it('store asks → listed for demo_pay → approved: refunded through the sandbox once; the store sees 已退款', async () => {
    const p = await freshPayment();
    const body = { payment_no: p.no, amount: '5.00', reason: '饮料漏液', request_id: payRid() };
    const a = await ask(shop, body);
    expect([a.status, a.data.status, a.data.amount_fen]).toEqual([200, '待审核', 500]);
    // a retry is the same request
    const again = await ask(shop, body);
    expect([again.status, again.data.id]).toEqual([40007, a.data.id]);
    const queue = await c1<{ list: RefundRequestRow[] }>(pay, 'GET', 'refund_request_list', {
      status: '待审核',
    });
    expect(queue.data.list.map((x) => x.id)).toContain(a.data.id);

    const rid = payRid();
    const ok1 = await approve(a.data.id, rid);
    expect([ok1.status, ok1.data.status]).toEqual([200, '已退款']);
    expect(ok1.data.refund_no).toMatch(/^R/);
    // the same approval retried answers it; a second approval is refused; one refund, on both books
    expect((await approve(a.data.id, rid)).status).toBe(40007);
    const twice = await approve(a.data.id);
    expect([twice.status, twice.msg]).toEqual([40009, '该退款申请已处理']);
    const st = await paymentState(t.app, p.no);
    expect([st.status, Number(st.refunded_fen)]).toEqual(['部分退款', 500]);
    const sb = await rows<{ n: number; fen: string }>(
      t.app.deps.db,
      sql`select count(*)::int as n, sum(r.amount_fen)::text as fen from sandbox_refunds r
          join sandbox_txns x using (txn_id) where x.out_trade_no = ${p.no}`,
    );
    expect([sb[0]!.n, Number(sb[0]!.fen)]).toEqual([1, 500]);

    const mine = await c1<TradePage>(shop, 'GET', 'store_trade_list', { payment_no: p.no });
    expect(mine.data.list[0]!.request_status).toBe('已退款');
    const d = await c1<TradeDetail>(pay, 'GET', 'trade_detail', { payment_no: p.no });
    expect(d.data.refunds.map((r) => [r.amount_fen, r.status])).toEqual([[500, '成功']]);
    expect(d.data.requests[0]!.status).toBe('已退款');
  });

  it('two approvals at once make one refund', async () => {
    const p = await freshPayment();
    const a = await ask(shop, { payment_no: p.no, amount: '3', reason: '重复扫码', request_id: payRid() });
    const both = await Promise.all([approve(a.data.id), approve(a.data.id)]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 40009]);
    expect(await countOf(t, 'payment_refunds', `request_id = 'rr-${a.data.id}'`)).toBe(1);
    expect(Number((await paymentState(t.app, p.no)).refunded_fen)).toBe(300);
  });

  it('rejects with a reason; the store sees 已驳回 and may ask again', async () => {
    const p = await freshPayment();
    const a = await ask(shop, {
      payment_no: p.no,
      amount: '1',
      reason: '顾客不想要了',
      request_id: payRid(),
    });
    const none = await c1(pay, 'POST', 'refund_request_reject', { id: a.data.id, reject_reason: '' });
    expect([none.status, none.msg]).toEqual([40000, '请填写驳回原因（1-50个字符）']);
    const r = await c1<RefundRequestRow>(pay, 'POST', 'refund_request_reject', {
      id: a.data.id,
      reject_reason: '已拆封',
    });
    expect([r.status, r.data.status, r.data.reject_reason]).toEqual([200, '已驳回', '已拆封']);
    expect((await approve(a.data.id)).status).toBe(40009);
    const mine = await c1<{ list: RefundRequestRow[] }>(shop, 'GET', 'refund_request_list', {});
    expect(mine.data.list.find((x) => x.id === a.data.id)?.status).toBe('已驳回');
    expect((await paymentState(t.app, p.no)).status).toBe('已支付');
    const b = await ask(shop, { payment_no: p.no, amount: '1', reason: '再次申请', request_id: payRid() });
    expect(b.status).toBe(200);
  });

  it('refuses over-refunds, a second pending request and bad input, writing nothing', async () => {
    const p = await freshPayment();
    const before = await countOf(t, 'payment_refund_requests');
    const over = (p.fen + 1) / 100;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ amount: String(over) }, 40000, '退款金额超过可退金额'],
      [{ amount: '0' }, 40000, '退款金额须为大于0且最多两位小数的金额'],
      [{ amount: '-3' }, 40000, '退款金额须为大于0且最多两位小数的金额'],
      [{ amount: '1.234' }, 40000, '退款金额须为大于0且最多两位小数的金额'],
      [{ reason: '' }, 40000, '请填写退款原因（1-50个字符）'],
      [{ payment_no: 'bad' }, 40000, '支付单号不正确'],
      [{ payment_no: 'P20260101000000ABCDEF01' }, 40004, '支付单不存在'],
    ];
    for (const [patch, status, msg] of cases) {
      const r = await ask(shop, {
        payment_no: p.no,
        amount: '1',
        reason: '测试',
        request_id: payRid(),
        ...patch,
      });
      expect([r.status, r.msg], JSON.stringify(patch)).toEqual([status, msg]);
    }
    expect(await countOf(t, 'payment_refund_requests')).toBe(before);
    const first = await ask(shop, { payment_no: p.no, amount: '1', reason: '测试', request_id: payRid() });
    expect(first.status).toBe(200);
    const second = await ask(shop, { payment_no: p.no, amount: '1', reason: '测试', request_id: payRid() });
    expect([second.status, second.msg]).toEqual([40009, '该支付单已有待审核的退款申请']);
    // approving after the store refunded the rest elsewhere: never above what was paid
    const left = p.fen - 0;
    const direct = await c1(shop, 'POST', 'pay_refund', {
      payment_no: p.no,
      amount_fen: left,
      request_id: payRid(),
    });
    expect(direct.status).toBe(200);
    const late = await approve(first.data.id);
    expect(late.status).toBe(40009);
    expect(Number((await paymentState(t.app, p.no)).refunded_fen)).toBe(p.fen);
    const bad = await c1(pay, 'POST', 'refund_request_approve', { id: 'x', request_id: payRid() });
    expect([bad.status, bad.msg]).toEqual([40000, '退款申请不存在']);
  });

  it('another store’s payment or request finds nothing; only the payment company decides', async () => {
    const other = await rows<{ payment_no: string }>(
      t.app.deps.db,
      sql`select p.payment_no from payments p join netbars n on n.id = p.netbar_id
          where n.name = '极速网吧' and p.status = '已支付' limit 1`,
    );
    const r = await ask(shop, {
      payment_no: other[0]!.payment_no,
      amount: '1',
      reason: '测试',
      request_id: payRid(),
    });
    expect([r.status, r.msg]).toEqual([40004, '支付单不存在']);
    const p = await freshPayment();
    const a = await ask(shop, { payment_no: p.no, amount: '1', reason: '测试', request_id: payRid() });
    const shop2 = await t.as(DEMO.netbar2);
    const theirs = await c1<{ list: RefundRequestRow[] }>(shop2, 'GET', 'refund_request_list', {});
    expect(theirs.data.list.some((x) => x.id === a.data.id)).toBe(false);
    for (const c of [shop, shop2, await t.as(DEMO.agent)]) {
      const x = await c1(c, 'POST', 'refund_request_approve', { id: a.data.id, request_id: payRid() });
      expect(x.status).toBe(40003);
    }
    const asAgent = await ask(await t.as(DEMO.agent), {
      payment_no: p.no,
      amount: '1',
      reason: '测试',
      request_id: payRid(),
    });
    expect(asAgent.status).toBe(40003);
  });
});
