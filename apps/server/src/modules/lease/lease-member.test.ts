import type { LeaseResult, MemberRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { rid } from '../../test/kit.ts';
import { leaseTestApp } from './lease-test-kit.ts';

const k = leaseTestApp();
const { item, rent, tillOf, itemNow, backdate } = k;

describe('deposits from a member balance', () => {
  it('a member pays the deposit from the balance: member ledger and till in the same transaction', async () => {
    const lv = await rows<{ id: number }>(
      k.t.database.db,
      sql`select l.id from member_levels l join netbars n on n.id = l.pool_id where n.name = '星际网咖旗舰店' order by l.id limit 1`,
    );
    const m = await k.owner.post<MemberRow>('/api/v1/member_save', {
      card_kind: 2,
      card_no: `L${Date.now().toString().slice(-9)}`,
      name: '租客会员',
      level_id: lv[0]!.id,
    });
    expect(m.status, m.msg).toBe(200);
    await k.owner.post('/api/v1/member_topup', { member_id: m.data.id, amount_fen: 5000, request_id: rid() });
    const balance = async () => {
      const d = (await k.owner.get<MemberRow>('/api/v1/member_detail', { id: m.data.id })).data;
      return d.principal_fen + d.bonus_fen;
    };
    const start = await balance();
    const it1 = await item({ deposit_fen: 3000 });
    const short = await rent({ item_id: it1.id, qty: 3, member_id: m.data.id, pay_method: 'member' });
    expect(short.status).toBe(40000);
    expect(short.msg).toMatch(/^会员余额不足/);
    expect(await itemNow(it1.id)).toMatchObject({ qty_on_hand: 3, qty_out: 0 });
    const r = await rent({ item_id: it1.id, member_id: m.data.id, pay_method: 'member' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease).toMatchObject({ member_name: '租客会员', pay_method: 'member', deposit_fen: 3000 });
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'member', amount_fen: 3000 },
    ]);
    expect(await balance()).toBe(start - 3000);

    // back after 40 minutes: one hour (5 yuan) kept, 25 yuan back to the card as 消费退款
    await backdate(r.data.lease.id, 40);
    const ret = await k.owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r.data.lease.id,
      request_id: rid(),
    });
    expect(ret.status, ret.msg).toBe(200);
    expect(ret.data.lease).toMatchObject({ fee_fen: 500, refund_fen: 2500 });
    expect(await balance()).toBe(start - 500);
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'member', amount_fen: 3000 },
      { kind: 'lease_refund', method: 'member', amount_fen: -3000 },
      { kind: 'lease_fee', method: 'member', amount_fen: 500 },
    ]);
    const kinds = await rows<{ kind: string; delta: number }>(
      k.t.database.db,
      sql`select kind, (principal_delta + bonus_delta)::int as delta from member_ledger where member_id = ${m.data.id} order by id`,
    );
    expect(kinds.map((k) => [k.kind, k.delta])).toEqual([
      ['topup', kinds[0]!.delta],
      ['consume', -3000],
      ['consume_refund', 2500],
    ]);

    // a fee above the deposit taken from the card too
    const r2 = await rent({ item_id: it1.id, member_id: m.data.id, pay_method: 'member' });
    await backdate(r2.data.lease.id, 60 * 7 - 5);
    const ret2 = await k.owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r2.data.lease.id,
      request_id: rid(),
    });
    expect(ret2.data.lease).toMatchObject({
      fee_fen: 3500,
      refund_fen: 0,
      extra_fen: 500,
      extra_method: 'member',
    });
    expect(await balance()).toBe(start - 500 - 3500);
    // a walk-in cannot pay from a card
    const w = await rent({ item_id: it1.id });
    const bad = await k.owner.post('/api/v1/lease_return', {
      lease_id: w.data.lease.id,
      request_id: rid(),
      pay_method: 'member',
    });
    expect(bad.msg).toBe('非会员租用不能使用会员余额支付');
    expect(
      (await k.owner.post('/api/v1/lease_return', { lease_id: w.data.lease.id, request_id: rid() })).status,
    ).toBe(200);
  });
});
