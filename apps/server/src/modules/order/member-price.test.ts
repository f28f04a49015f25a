import type { MemberRow } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { count, makeGoods } from '../../test/kit.ts';
import { counterGoods, memberWith, orderTestApp, ringUp } from './order-test-kit.ts';

/** 会员价 at the counter: only a member whose level has 享受会员价 (member_levels.member_price) gets it. */

let t: TestApp;
let owner: Client;
orderTestApp((app, o) => {
  t = app;
  owner = o;
});

/** A good at ¥10.00, ¥8.00 for members, 10 on the counter. */
const goods = (name: string) =>
  counterGoods(owner, name, 10, { cost_fen: 300, price_fen: 1000, member_price_fen: 800 });

describe('member price by the member level', () => {
  it('sells at 会员价 to a member whose level has it, from the balance', async () => {
    const sku = await goods('会员价可乐');
    const mid = await memberWith(owner, 2000, true);
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 2 }],
      payments: [{ method: 'member', amount_fen: 1600 }],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order).toMatchObject({ total_fen: 1600, paid_fen: 1600, member_id: mid });
    expect(r.data.order.lines[0]).toMatchObject({ list_fen: 800, unit_fen: 800, total_fen: 1600 });
  });

  it('sells at the list price to a member whose level lacks 会员价, and to a walk-in', async () => {
    const sku = await goods('无会员价可乐');
    const mid = await memberWith(owner, 2000, false);
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'member', amount_fen: 1000 }],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order).toMatchObject({ total_fen: 1000, paid_fen: 1000 });
    expect(r.data.order.lines[0]).toMatchObject({ unit_fen: 1000, total_fen: 1000 });
    // paying the member price for such a member does not cover the order: refused, nothing written
    const before = await count(t, 'orders');
    const short = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'member', amount_fen: 800 }],
    });
    expect(short.status).toBe(40000);
    expect(await count(t, 'orders')).toBe(before);
    const walkIn = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }] });
    expect(walkIn.data.order.total_fen).toBe(1000);
  });

  it('tells the counter whether a member has 会员价 (member_lookup, member_detail)', async () => {
    const yes = await memberWith(owner, 0, true);
    const no = await memberWith(owner, 0, false);
    for (const [id, mp] of [
      [yes, true],
      [no, false],
    ] as const) {
      const d = await owner.get<MemberRow>('/api/v1/member_detail', { id });
      expect(d.data.member_price, `member ${id}`).toBe(mp);
      const l = await owner.get<{ list: MemberRow[] }>('/api/v1/member_lookup', { q: d.data.name });
      expect(l.data.list.find((m) => m.id === id)?.member_price).toBe(mp);
    }
  });

  it("refuses another store's member (40004, nothing written) and a malformed member id (40000)", async () => {
    const mid = await memberWith(owner, 2000, true);
    const other = await t.as(DEMO.netbar2);
    const sku = (await makeGoods(other, '别店会员价', [{ spec: '', price_fen: 1000, member_price_fen: 800 }]))
      .skuIds[0];
    const before = await count(t, 'orders');
    const r = await ringUp(other, { member_id: mid, lines: [{ sku_id: sku, qty: 1 }] });
    expect([r.status, r.msg]).toEqual([40004, '会员不存在']);
    const bad = await ringUp(owner, { member_id: 'abc', lines: [{ sku_id: sku, qty: 1 }] });
    expect(bad.status).toBe(40000);
    expect(await count(t, 'orders')).toBe(before);
  });
});
