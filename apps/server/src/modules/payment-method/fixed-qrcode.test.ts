import type { FixedQrcode, StoreQrcodeData } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';
import { storeOfPayCode } from './index.ts';

let t: TestApp;
let owner: Client;
let nb2: Client;
let pay: Client;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://pay.example.cn' });
  [owner, nb2, pay] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbar2), t.as(DEMO.pay)]);
});
afterAll(() => t.close());

const get = <T>(c: Client, path: string, q?: Record<string, unknown>) =>
  c.request<T>('GET', `/api/c1/${path}`, q, { bearer: true });
const post = <T>(c: Client, path: string, body: Record<string, unknown> = {}) =>
  c.request<T>('POST', `/api/c1/${path}`, body, { bearer: true, json: true });
type Page = { list: FixedQrcode[]; count: number; page: number; page_size: number };
const mine = async (c: Client) => (await get<StoreQrcodeData>(c, 'get_qrcode')).data;
const tokenOf = async (id: number) =>
  (await rows<{ token: string }>(t.database.db, sql`select token from fixed_qrcodes where id = ${id}`))[0]!
    .token;

describe('fixed QR codes (get_qrcode, audit_fixed_qrcode)', () => {
  it('the demo store’s approved code carries its public pay URL; a second application is refused', async () => {
    const d = await mine(owner);
    expect(d.can_apply).toBe(false);
    expect(d.qrcode).toMatchObject({ status: 1, status_label: '已通过', netbar_name: '星际网咖旗舰店' });
    expect(d.qrcode!.url).toMatch(/^https:\/\/pay\.example\.cn\/pay\/code\/[A-Za-z0-9_-]{43}$/);
    const token = d.qrcode!.url!.split('/').at(-1)!;
    expect(await storeOfPayCode(t.database.db, token)).toEqual({
      netbar_id: d.qrcode!.netbar_id,
      netbar_name: '星际网咖旗舰店',
    });
    expect(await storeOfPayCode(t.database.db, `${token.slice(0, -1)}x`)).toBeUndefined();
    const again = await post(owner, 'apply_fixed_qrcode');
    expect([again.status, again.msg]).toEqual([40009, '本店已有可用的固定收款码']);
  });

  it('a pending code has no URL; the payment company rejects it with a reason, the store re-applies, it is approved', async () => {
    const pending = await mine(nb2);
    expect(pending).toMatchObject({
      can_apply: false,
      qrcode: { status: 0, url: null, status_label: '待审核' },
    });
    expect(await storeOfPayCode(t.database.db, await tokenOf(pending.qrcode!.id))).toBeUndefined();
    expect((await post(nb2, 'apply_fixed_qrcode')).msg).toBe('收款码正在审核中，请耐心等待');

    const queue = await get<Page>(pay, 'fixed_qrcode_list', { status: 0, page: 1, page_size: 10 });
    expect(queue.status, queue.msg).toBe(200);
    expect(queue.data.list.map((x) => x.netbar_name)).toEqual(['极速网吧']);
    const id = queue.data.list[0]!.id;

    const noReason = await post(pay, 'audit_fixed_qrcode', { id, status: 2 });
    expect([noReason.status, noReason.msg]).toEqual([40000, '请填写驳回原因（1-100个字符）']);
    expect((await mine(nb2)).qrcode!.status).toBe(0);
    const rej = await post<FixedQrcode>(pay, 'audit_fixed_qrcode', {
      id,
      status: 2,
      reason: '门头照片不清晰',
    });
    expect(rej.status, rej.msg).toBe(200);
    expect(rej.data).toMatchObject({
      status: 2,
      reason: '门头照片不清晰',
      audited_by: '聚合支付公司',
      url: null,
    });
    const twice = await post(pay, 'audit_fixed_qrcode', { id, status: 1 });
    expect([twice.status, twice.msg]).toEqual([40009, '该收款码已审核，不能重复审核']);
    expect(await mine(nb2)).toMatchObject({
      can_apply: true,
      qrcode: { status: 2, reason: '门头照片不清晰' },
    });

    const re = await post<StoreQrcodeData>(nb2, 'apply_fixed_qrcode');
    expect(re.status, re.msg).toBe(200);
    expect(re.data).toMatchObject({ can_apply: false, qrcode: { status: 0, url: null } });
    expect(re.data.qrcode!.id).not.toBe(id);
    const ok = await post<FixedQrcode>(pay, 'audit_fixed_qrcode', { id: re.data.qrcode!.id, status: 1 });
    expect(ok.data.url).toMatch(/\/pay\/code\/[A-Za-z0-9_-]{43}$/);
    expect((await mine(nb2)).qrcode!.url).toBe(ok.data.url);
    // every code ever issued has its own token
    const tokens = await rows<{ n: number; d: number }>(
      t.database.db,
      sql`select count(*)::int as n, count(distinct token)::int as d from fixed_qrcodes`,
    );
    expect(tokens[0]!.n).toBe(tokens[0]!.d);

    const all = await get<Page>(pay, 'fixed_qrcode_list', { keyword: '极速', page_size: 20 });
    expect(all.data.list.map((x) => x.status)).toEqual([1, 2]);
    expect(all.data.count).toBe(2);
  });

  it('two applications at once leave one pending code', async () => {
    const c = await t.as(DEMO.netbar2);
    // reject the approved one directly so the store may apply again
    await rows(
      t.database.db,
      sql`update fixed_qrcodes set status = 2, reason = '测试' where status in (0, 1)
      and netbar_id = (select id from netbars where name = '极速网吧')`,
    );
    const r = await Promise.all([post(c, 'apply_fixed_qrcode'), post(c, 'apply_fixed_qrcode')]);
    expect(r.map((x) => x.status).sort()).toEqual([200, 40009]);
    const live = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from fixed_qrcodes q join netbars n on n.id = q.netbar_id
          where n.name = '极速网吧' and q.status in (0, 1)`,
    );
    expect(live[0]!.n).toBe(1);
  });

  it('refuses bad input, unknown ids and the wrong user types, changing nothing', async () => {
    const before = await rows(t.database.db, sql`select * from fixed_qrcodes order by id`);
    const pending = (await get<Page>(pay, 'fixed_qrcode_list', { status: 0 })).data.list[0]!;
    const bad = async (body: Record<string, unknown>, msg: string, status = 40000) => {
      const r = await post(pay, 'audit_fixed_qrcode', body);
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([status, msg]);
    };
    await bad({ id: pending.id, status: 3 }, '请选择审核结果');
    await bad({ id: pending.id }, '请选择审核结果');
    await bad({ id: 'abc', status: 1 }, '收款码参数错误');
    await bad({ id: pending.id, status: 2, reason: 'x'.repeat(101) }, '请填写驳回原因（1-100个字符）');
    await bad({ id: 999999, status: 1 }, '收款码不存在', 40004);
    expect((await get(pay, 'fixed_qrcode_list', { page_size: 15 })).status).toBe(40000);
    expect((await get(pay, 'fixed_qrcode_list', { status: 7 })).msg).toBe('审核状态不正确');

    // stores never audit, the payment company has no store code, agents neither
    expect((await post(owner, 'audit_fixed_qrcode', { id: pending.id, status: 1 })).status).toBe(40003);
    expect((await get(owner, 'fixed_qrcode_list')).status).toBe(40003);
    expect((await get(pay, 'get_qrcode')).status).toBe(40003);
    expect((await post(pay, 'apply_fixed_qrcode')).status).toBe(40003);
    const agent = await t.as(DEMO.agent);
    expect((await post(agent, 'audit_fixed_qrcode', { id: pending.id, status: 1 })).status).toBe(40003);
    expect((await get(agent, 'get_qrcode')).status).toBe(40003);
    const staff = await t.as(DEMO.netbarStaff);
    expect((await get(staff, 'get_qrcode')).status).toBe(40003);
    // the other store's code is not the owner's to see: get_qrcode answers only the caller's store
    expect((await mine(owner)).qrcode!.netbar_name).toBe('星际网咖旗舰店');
    expect(await rows(t.database.db, sql`select * from fixed_qrcodes order by id`)).toEqual(before);
    expect(await count(t, 'fixed_qrcodes')).toBe(before.length);
  });
});
