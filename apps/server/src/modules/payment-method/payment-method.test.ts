import type { PaymentListData, PaymentMethodRow, PaymentSortItem, PayTypeData } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

/** The payment service: JSON bodies, the bearer token, no cookie (decision 005). */
const get = <T>(c: Client, path: string, q?: Record<string, unknown>) =>
  c.request<T>('GET', `/api/c1/${path}`, q, { bearer: true });
const post = <T>(c: Client, path: string, body: Record<string, unknown> = {}) =>
  c.request<T>('POST', `/api/c1/${path}`, body, { bearer: true, json: true });

const list = async (c: Client = owner) => (await get<PaymentListData>(c, 'payment_list')).data.list;
const snapshot = () =>
  rows<{ id: number; pay_type: string; name: string; enabled: boolean; sort: number }>(
    t.database.db,
    sql`select id, pay_type, name, enabled, sort from payment_methods order by id`,
  );

describe('payment methods (payment_settings 10502, /api/c1)', () => {
  it('lists the demo store’s methods in order; add, edit, enable, sort and delete show in get_pay_type', async () => {
    const before = await list();
    expect(before.map((m) => [m.pay_type, m.name, m.sort])).toEqual([
      ['cash', '现金', 1],
      ['member', '会员余额', 2],
      ['wechat', '微信支付', 3],
      ['alipay', '支付宝', 4],
      ['aggregate', '聚合扫码', 5],
    ]);
    expect(before[2]).toMatchObject({ online: true, provider: 'sandbox', cashier: true, client: true });

    const add = await post<PaymentMethodRow>(owner, 'payment_add', {
      pay_type: 'unionpay',
      name: '云闪付',
      cashier: true,
      client: false,
      settings: { merchant_no: 'SQB-0001' },
    });
    expect(add.status, add.msg).toBe(200);
    expect(add.data).toMatchObject({
      sort: 6,
      provider: 'sandbox',
      enabled: true,
      settings: { merchant_no: 'SQB-0001' },
    });

    const edit = await post<PaymentMethodRow>(owner, 'payment_edit', {
      id: add.data.id,
      name: '银联云闪付',
      cashier: false,
      client: true,
      provider: 'sqb',
    });
    expect(edit.status, edit.msg).toBe(200);
    expect(edit.data).toMatchObject({ name: '银联云闪付', cashier: false, client: true, provider: 'sqb' });

    // the new order: 银联云闪付 first, 现金 last
    const ids = (await list()).map((m) => m.id);
    const order = [ids[5]!, ...ids.slice(1, 5), ids[0]!];
    const sorted = await post<PaymentSortItem[]>(owner, 'edit_payment_sort', { ids: order });
    expect(sorted.status, sorted.msg).toBe(200);
    expect(sorted.data.map((x) => x.id)).toEqual(order);
    const sl = await get<PaymentSortItem[]>(owner, 'payment_sort_list');
    expect(sl.data.map((x) => [x.id, x.sort])).toEqual(order.map((id, i) => [id, i + 1]));

    const off = await post<PaymentMethodRow>(owner, 'payment_enable', { id: ids[3]!, enabled: false });
    expect(off.data.enabled).toBe(false);
    const types = (await get<PayTypeData>(owner, 'get_pay_type')).data;
    expect(types.cashier.map((x) => x.pay_type)).toEqual(['member', 'wechat', 'cash']);
    expect(types.client.map((x) => x.name)).toEqual(['银联云闪付', '会员余额', '微信支付', '聚合扫码']);
    expect(types.types.find((x) => x.pay_type === 'unionpay')?.added).toBe(true);
    expect(types.cashier.find((x) => x.pay_type === 'wechat')?.order_method).toBe('scan');

    // a disabled method may go; its number leaves the sort list
    expect((await post(owner, 'payment_del', { id: ids[3]! })).status).toBe(200);
    expect((await list()).map((m) => m.pay_type)).toEqual([
      'unionpay',
      'member',
      'wechat',
      'aggregate',
      'cash',
    ]);
    // and may be added again
    const again = await post<PaymentMethodRow>(owner, 'payment_add', {
      pay_type: 'alipay',
      name: '支付宝',
      cashier: true,
      client: true,
    });
    expect(again.status, again.msg).toBe(200);
    expect(again.data.sort).toBe(7);
  });

  it('refuses unknown methods, wrong channels, duplicates and bad sort lists, writing nothing', async () => {
    const before = await snapshot();
    const bad = async (path: string, body: Record<string, unknown>, msg: string, status = 40000) => {
      const r = await post(owner, path, body);
      expect([r.status, r.msg], `${path} ${JSON.stringify(body)}`).toEqual([status, msg]);
    };
    const m = await list();
    const ids = m.map((x) => x.id);
    const cash = m.find((x) => x.pay_type === 'cash')!;
    const wechat = m.find((x) => x.pay_type === 'wechat')!;
    await bad(
      'payment_add',
      { pay_type: 'bitcoin', name: '比特币', cashier: true, client: true },
      '未知的支付方式',
    );
    await bad(
      'payment_add',
      { pay_type: 'wechat', name: '微信', cashier: true, client: true, provider: 'alipay' },
      '该支付方式不支持所选支付通道',
    );
    await bad(
      'payment_add',
      { pay_type: 'wechat', name: '微信2', cashier: true, client: true },
      '该支付方式已添加',
      40009,
    );
    await bad(
      'payment_add',
      { pay_type: 'unionpay', name: '', cashier: true, client: true },
      '显示名称为1-20个字符',
    );
    await bad(
      'payment_add',
      { pay_type: 'unionpay', name: '云闪付', cashier: false, client: false },
      '请至少选择收银台或客户端中的一处使用',
    );
    await bad(
      'payment_add',
      {
        pay_type: 'unionpay',
        name: '云闪付',
        cashier: true,
        client: true,
        settings: { merchant_no: '含 空格' },
      },
      '商户号为1-32位字母、数字、下划线或连字符',
    );
    await bad(
      'payment_edit',
      { id: cash.id, name: '现金', cashier: true, client: false, provider: 'sandbox' },
      '该支付方式不支持所选支付通道',
    );
    await bad('edit_payment_sort', { ids: ids.slice(1) }, '排序列表与本店的支付方式不一致，请刷新后重试');
    await bad('edit_payment_sort', { ids: [...ids, 999999] }, '排序列表与本店的支付方式不一致，请刷新后重试');
    await bad('edit_payment_sort', { ids: [ids[0], ...ids.slice(0, -1)] }, '排序列表中有重复的支付方式');
    await bad('edit_payment_sort', { ids: 'abc' }, '排序列表格式不正确');
    await bad('edit_payment_sort', { ids: [] }, '排序列表格式不正确');
    await bad('payment_del', { id: wechat.id }, '请先停用该支付方式再删除');
    await bad('payment_del', { id: cash.id }, '现金支付不能删除，可以停用');
    await bad('payment_enable', { id: wechat.id, enabled: 'maybe' }, '请选择启用或停用');
    await bad('payment_enable', { id: 'x', enabled: true }, '支付方式参数错误');
    await bad('payment_del', { id: 999999 }, '支付方式不存在', 40004);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps one enabled method at the cashier', async () => {
    const c = await t.as(DEMO.netbar2);
    const cash = await post<PaymentMethodRow>(c, 'payment_add', {
      pay_type: 'cash',
      name: '现金',
      cashier: true,
      client: false,
    });
    expect(cash.status, cash.msg).toBe(200);
    const r = await post(c, 'payment_enable', { id: cash.data.id, enabled: false });
    expect([r.status, r.msg]).toEqual([40000, '收银台至少要保留一种启用的支付方式']);
    const e = await post(c, 'payment_edit', { id: cash.data.id, name: '现金', cashier: false, client: true });
    expect(e.msg).toBe('收银台至少要保留一种启用的支付方式');
    expect((await list(c))[0]).toMatchObject({ enabled: true, cashier: true });
  });

  it('two adds of one pay type at once leave one', async () => {
    const c = await t.as(DEMO.netbar2);
    const body = { pay_type: 'member', name: '会员余额', cashier: true, client: true };
    const r = await Promise.all([post(c, 'payment_add', body), post(c, 'payment_add', body)]);
    expect(r.map((x) => x.status).sort()).toEqual([200, 40009]);
    expect((await list(c)).filter((m) => m.pay_type === 'member').length).toBe(1);
  });

  it('quick payment: the demo store has it on; on needs an enabled scan method', async () => {
    const s = await get<{ enabled: boolean }>(owner, 'get_quick_payment_status');
    expect(s.data.enabled).toBe(true);
    expect(
      (await post<{ enabled: boolean }>(owner, 'switch_quick_payment', { enabled: false })).data.enabled,
    ).toBe(false);
    expect(
      (await get<{ enabled: boolean; updated_by: string }>(owner, 'get_quick_payment_status')).data,
    ).toMatchObject({
      enabled: false,
      updated_by: '张老板',
    });
    const c = await t.as(DEMO.netbar2);
    const r = await post(c, 'switch_quick_payment', { enabled: true });
    expect(r.status).toBe(40000);
    expect(r.msg).toContain('请先启用一种扫码支付方式');
    expect((await get<{ enabled: boolean }>(c, 'get_quick_payment_status')).data.enabled).toBe(false);
    expect((await post(c, 'switch_quick_payment', { enabled: 'yes' })).msg).toBe('请选择启用或停用');
  });

  it('a chain head reads its chain’s stores by store_id; others are refused', async () => {
    const d = (await get<PaymentListData>(owner, 'payment_list')).data;
    expect(d.store.name).toBe('星际网咖旗舰店');
    expect(d.stores.map((s) => s.name)).toEqual(expect.arrayContaining(['星际网咖二店', '星际网咖三店']));
    const sub = d.stores.find((s) => s.name === '星际网咖二店')!;
    const r = await get<PaymentListData>(owner, 'payment_list', { store_id: sub.id });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.store.id).toBe(sub.id);
    expect(r.data.list).toEqual([]);
    const other = await rows<{ id: number }>(
      t.database.db,
      sql`select id from netbars where name = '极速网吧'`,
    );
    const x = await get(owner, 'payment_list', { store_id: other[0]!.id });
    expect([x.status, x.msg]).toEqual([40000, '门店参数错误']);
    expect((await get(owner, 'payment_sort_list', { store_id: other[0]!.id })).msg).toBe('门店参数错误');
  });

  it('refuses another store’s ids (40004), other user types (40003) and a call without the token (40005)', async () => {
    const mine = (await list()).find((m) => m.pay_type === 'member')!;
    const before = await count(t, 'payment_methods');
    const other = await t.as(DEMO.netbar2);
    expect(
      (await post(other, 'payment_edit', { id: mine.id, name: '抢改', cashier: true, client: true })).status,
    ).toBe(40004);
    expect((await post(other, 'payment_enable', { id: mine.id, enabled: false })).status).toBe(40004);
    expect((await post(other, 'payment_del', { id: mine.id })).status).toBe(40004);
    const otherSort = await post(other, 'edit_payment_sort', { ids: [mine.id] });
    expect(otherSort.msg).toBe('排序列表与本店的支付方式不一致，请刷新后重试');
    expect((await list(other)).some((m) => m.id === mine.id)).toBe(false);
    expect((await list()).find((m) => m.id === mine.id)).toMatchObject({
      name: mine.name,
      enabled: mine.enabled,
    });

    for (const who of [DEMO.agent, DEMO.pay, DEMO.admin]) {
      const c = await t.as(who);
      expect((await get(c, 'payment_list')).status, who.user_name).toBe(40003);
      expect(
        (await post(c, 'payment_add', { pay_type: 'unionpay', name: 'x', cashier: true, client: true }))
          .status,
      ).toBe(40003);
      expect((await get(c, 'get_pay_type')).status).toBe(40003);
    }
    const staff = await t.as(DEMO.netbarStaff);
    expect((await get(staff, 'payment_list')).status).toBe(40003);
    expect((await post(staff, 'switch_quick_payment', { enabled: false })).status).toBe(40003);
    const offered = await get<PayTypeData>(staff, 'get_pay_type');
    expect(offered.status, offered.msg).toBe(200);
    expect(offered.data.cashier.length).toBeGreaterThan(0);
    // the cookie alone does not open the payment service
    const cookieOnly = await owner.request('GET', '/api/c1/payment_list');
    expect(cookieOnly.status).toBe(40005);
    expect(await count(t, 'payment_methods')).toBe(before);
  });
});
