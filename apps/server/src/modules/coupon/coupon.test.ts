import {
  COUPON_MSG,
  type CouponRecordPage,
  type CouponTemplateRow,
  type MemberCouponRow,
  PERM,
} from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWith } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, makeGoods, rid, staffWithout, xlsxRows } from '../../test/kit.ts';

/** 优惠券 templates, manual issue, void and the record list (decision 186). */
let t: TestApp;
let owner: Client;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  categoryId = (await makeGoods(owner, '券测试可乐')).categoryId;
  const other = await t.as(DEMO.netbar2);
  await other.post('/api/v1/store_app_switch', { key: 'marketing_activity_list', enabled: '1' });
});
afterAll(() => t.close());

const save = (c: Client, over: Record<string, unknown> = {}) =>
  c.post<{ id: number }>('/api/v1/coupon_template_save', {
    name: '满30减5',
    kind: 'full_off',
    amount_fen: 500,
    min_spend_fen: 3000,
    valid_mode: 'days',
    valid_days: 7,
    ...over,
  });
const issue = (c: Client, template_id: number, member_id: number, request_id = rid()) =>
  c.post<MemberCouponRow>('/api/v1/coupon_issue', { template_id, member_id, request_id });

describe('coupon templates', () => {
  it('saves, lists and edits a 满减券 and a 抵用券 limited to a category', async () => {
    const a = await save(owner);
    expect(a.status, a.msg).toBe(200);
    const b = await save(owner, {
      name: '饮料5元券',
      kind: 'voucher',
      amount_fen: 500,
      min_spend_fen: 0,
      category_ids: JSON.stringify([categoryId]),
      valid_mode: 'range',
      valid_from: '2026-01-01',
      valid_to: '2099-12-31',
    });
    expect(b.status, b.msg).toBe(200);
    const l = await owner.get<{ list: CouponTemplateRow[]; count: number }>(
      '/api/v1/coupon_template_list',
      {},
    );
    expect(l.status).toBe(200);
    const row = l.data.list.find((x) => x.id === b.data.id)!;
    expect(row).toMatchObject({
      kind: 'voucher',
      category_ids: [categoryId],
      valid_to: '2099-12-31',
      own: true,
    });
    expect(row.category_names).toEqual(['分类券测试可乐']);
    const e = await save(owner, { id: a.data.id, name: '满30减6', amount_fen: 600 });
    expect(e.status, e.msg).toBe(200);
    const off = await owner.post('/api/v1/coupon_template_status', { id: a.data.id, status: 'disabled' });
    expect(off.status).toBe(200);
    const m = await memberWith(owner, 0);
    const r = await issue(owner, a.data.id, m);
    expect([r.status, r.msg]).toEqual([40000, COUPON_MSG.disabled]);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const before = await count(t, 'coupon_templates');
    const cases: [Record<string, unknown>, string][] = [
      [{ amount_fen: -100 }, COUPON_MSG.amount],
      [{ amount_fen: 0 }, COUPON_MSG.amount],
      [{ min_spend_fen: 300 }, COUPON_MSG.minBelowAmount],
      [{ kind: 'voucher', min_spend_fen: 1000 }, COUPON_MSG.voucherMin],
      [{ valid_mode: 'range', valid_from: '2026-05-02', valid_to: '2026-05-01' }, COUPON_MSG.endBeforeStart],
      [{ valid_mode: 'range', valid_from: '2026-02-30', valid_to: '2026-05-01' }, COUPON_MSG.dates],
      [{ valid_days: 0 }, COUPON_MSG.days],
      [{ name: '' }, COUPON_MSG.name],
      [{ kind: 'gift' }, '券类型不正确'],
      [{ category_ids: '[999999]' }, COUPON_MSG.categoryMissing],
      [{ scope: 'chain', name: '非总店连锁券' }, COUPON_MSG.chain],
    ];
    const second = await t.as(DEMO.netbar2);
    for (const [over, msg] of cases) {
      const c = over.scope === 'chain' ? second : owner;
      const r = await save(c, over);
      expect([r.status, r.msg], JSON.stringify(over)).toEqual([40000, msg]);
    }
    expect(await count(t, 'coupon_templates')).toBe(before);
  });

  it('refuses agents, staff without 营销活动, and another store’s template as absent', async () => {
    const a = await save(owner, { name: '他店不可见' });
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/coupon_template_list', {})).status).toBe(40003);
    const staff = await staffWithout(t, PERM.MARKETING_ACTIVITY);
    expect((await staff.get('/api/v1/coupon_template_list', {})).status).toBe(40003);
    expect((await save(staff)).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    const l = await other.get<{ list: CouponTemplateRow[] }>('/api/v1/coupon_template_list', {});
    expect(l.data.list.some((x) => x.id === a.data.id)).toBe(false);
    const st = await other.post('/api/v1/coupon_template_status', { id: a.data.id, status: 'disabled' });
    expect([st.status, st.msg]).toEqual([40004, COUPON_MSG.notFound]);
    expect((await save(other, { id: a.data.id, name: '改他店券' })).status).toBe(40004);
    const m = await memberWith(other, 0);
    expect((await issue(other, a.data.id, m)).status).toBe(40004);
  });
});

describe('issuing by hand, voiding and the record list', () => {
  it('issues once per request_id, with N days of validity from today', async () => {
    const a = await save(owner, { name: '三天券', valid_days: 3 });
    const m = await memberWith(owner, 0);
    const id = rid();
    const first = await issue(owner, a.data.id, m, id);
    expect(first.status, first.msg).toBe(200);
    const again = await issue(owner, a.data.id, m, id);
    expect(again.status).toBe(40007);
    expect(again.data.id).toBe(first.data.id);
    const c = first.data;
    expect(c).toMatchObject({ state: 'unused', source: 'manual', name: '三天券', amount_fen: 500 });
    const days = (Date.parse(c.valid_to) - Date.parse(c.valid_from)) / 86_400_000;
    expect(days).toBe(2);
    const mine = await owner.get<MemberCouponRow[]>('/api/v1/member_coupons', { member_id: m });
    expect(mine.data.map((x) => x.id)).toEqual([c.id]);
    const tpl = await owner.get<{ list: CouponTemplateRow[] }>('/api/v1/coupon_template_list', {});
    expect(tpl.data.list.find((x) => x.id === a.data.id)!.issued).toBe(1);
  });

  it('refuses an unknown template, another store’s member and a reused request id', async () => {
    const a = await save(owner, { name: '拒绝测试券' });
    const m = await memberWith(owner, 0);
    const before = await count(t, 'member_coupons');
    expect((await issue(owner, 999999, m)).status).toBe(40004);
    const other = await t.as(DEMO.netbar2);
    const theirs = await memberWith(other, 0);
    expect((await issue(owner, a.data.id, theirs)).status).toBe(40004);
    const bad = await owner.post('/api/v1/coupon_issue', {
      template_id: a.data.id,
      member_id: m,
      request_id: 'x',
    });
    expect(bad.status).toBe(40000);
    const id = rid();
    expect((await issue(owner, a.data.id, m, id)).status).toBe(200);
    const m2 = await memberWith(owner, 0);
    expect((await issue(owner, a.data.id, m2, id)).status).toBe(40009);
    expect(await count(t, 'member_coupons')).toBe(before + 1);
    expect((await other.get('/api/v1/member_coupons', { member_id: m })).status).toBe(40004);
  });

  it('voids an unused coupon; lists records by state with totals equal to the export', async () => {
    const a = await save(owner, { name: '记录券', amount_fen: 800, min_spend_fen: 3000 });
    const m = await memberWith(owner, 0);
    const one = await issue(owner, a.data.id, m);
    const two = await issue(owner, a.data.id, m);
    const v = await owner.post('/api/v1/coupon_void', { id: one.data.id });
    expect(v.status, v.msg).toBe(200);
    const v2 = await owner.post('/api/v1/coupon_void', { id: one.data.id });
    expect([v2.status, v2.msg]).toEqual([40009, COUPON_MSG.notVoidable]);
    const other = await t.as(DEMO.netbar2);
    expect((await other.post('/api/v1/coupon_void', { id: two.data.id })).status).toBe(40004);
    const voided = await owner.get<CouponRecordPage>('/api/v1/coupon_record_list', {
      template_id: a.data.id,
      state: 'void',
    });
    expect(voided.data.list.map((x) => x.id)).toEqual([one.data.id]);
    const all = await owner.get<CouponRecordPage & { count: number }>('/api/v1/coupon_record_list', {
      template_id: a.data.id,
    });
    expect(all.data.count).toBe(2);
    expect(all.data.amount_fen).toBe(1600);
    const x = (await xlsxRows(owner, `/api/v1/coupon_record_export?template_id=${a.data.id}`)).rows;
    const last = x[x.length - 1]!;
    expect(last[0]).toBe('合计');
    expect(last[11]).toBe(16);
    expect(last[12]).toBe(0);
    expect(x.length).toBe(1 + 2 + 1);
    const bad = await owner.get('/api/v1/coupon_record_list', { state: 'lost' });
    expect(bad.status).toBe(40000);
  });
});
