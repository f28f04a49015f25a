import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { mget, mpost, uploadAll, VALID } from './merchant-kit.ts';

let t: TestApp;
let owner: Client;
let pay: Client;
beforeAll(async () => {
  t = await createTestApp({ MERCHANT_DOC_DIR: mkdtempSync(join(tmpdir(), 'nb-merchant-docs-')) });
  owner = await t.as(DEMO.netbar);
  pay = await t.as(DEMO.pay);
});
afterAll(() => t.close());

async function submitted(name: string) {
  const docs = await uploadAll(t, owner);
  const r = await mpost<{ id: number }>(owner, 'add', { ...VALID, ...docs, legal_name: name });
  if (r.status !== 200) throw new Error(r.msg);
  return r.data.id;
}
const statusOf = async (id: number) =>
  (await rows<{ status: number }>(t.database.db, sql`select status from merchants where id = ${id}`))[0]!
    .status;

describe('merchant review: 审核中 → 驳回 / 待签约 → 已开通', () => {
  it('rejects with a reason, and the owner corrects and resubmits', async () => {
    const id = await submitted('驳回测试网络科技有限公司');
    const noReason = await mpost(pay, 'status', { id, action: 'reject' });
    expect([noReason.status, noReason.msg]).toEqual([40000, '驳回原因为2-100个字符']);
    expect(await statusOf(id)).toBe(1);
    const r = await mpost(pay, 'status', { id, action: 'reject', reason: '营业执照照片模糊' });
    expect(r.status).toBe(200);
    const info = await mget<{ status: number; reject_reason: string }>(owner, 'info', { id });
    expect(info.data).toMatchObject({ status: 2, reject_reason: '营业执照照片模糊' });
    // the rejected merchant is the owner's open draft; update resubmits it without re-entering the numbers
    const saved = await mget<{ id: number }>(owner, 'get_save');
    expect(saved.data.id).toBe(id);
    const { id_no: _i, card_no: _c, ...rest } = VALID;
    const again = await mpost(owner, 'update', { ...rest, id, legal_name: '驳回测试网络科技有限公司' });
    expect(again.status).toBe(200);
    expect(await statusOf(id)).toBe(1);
  });

  it('approves to 待签约 with a merchant number, opens it, and refuses moves out of order', async () => {
    const id = await submitted('开通测试网络科技有限公司');
    expect((await mpost(pay, 'status', { id, action: 'open' })).status).toBe(40009);
    const wx1 = await mget<{ state: string }>(owner, 'querywxstatus', { id });
    expect(wx1.data.state).toBe('auditing');
    const a = await mpost<{ status: number; merchant_no: string }>(pay, 'status', { id, action: 'approve' });
    expect(a.data.status).toBe(3);
    expect(a.data.merchant_no).toMatch(/^NB\d{8}\d{6}$/);
    // a double click approves once
    const twice = await mpost(pay, 'status', { id, action: 'approve' });
    expect([twice.status, twice.msg]).toEqual([40009, '该进件当前不能执行此操作']);
    expect((await mpost(pay, 'status', { id, action: 'reject', reason: '太晚了' })).status).toBe(40009);
    // a submitted merchant is not the owner's to edit any more
    expect((await mpost(owner, 'add_save', { id, short_name: '改名' })).status).toBe(40009);
    const o = await mpost<{ status: number }>(pay, 'status', { id, action: 'open' });
    expect(o.data.status).toBe(4);
    const wx = await mget<{ state: string; label: string }>(owner, 'querywxstatus', { id });
    expect(wx.data.label).toBe('已认证');
    // the store it was started from (the flagship) already has the demo's opened merchant: no second binding
    const conf = await mget<{ merchant_id: number; can_pay: boolean }>(owner, 'payment_conf', { id });
    expect(conf.data).toMatchObject({ merchant_id: id, can_pay: true });
    const current = await mget<{ merchant_id: number; merchant_no: string }>(owner, 'payment_conf');
    expect(current.data.merchant_id).not.toBe(id);
    const stores = await mpost<{ list: { netbar_name: string }[] }>(owner, 'getStoreByMerchantNo', {
      merchant_no: current.data.merchant_no,
    });
    expect(stores.data.list.map((s) => s.netbar_name)).toEqual(['星际网咖旗舰店']);
  });

  it('refuses the review to the owner, and unknown ids and actions', async () => {
    const [m] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from merchants where status = 1 limit 1`,
    );
    expect((await mpost(owner, 'status', { id: m!.id, action: 'approve' })).status).toBe(40003);
    expect((await mpost(pay, 'status', { id: 999999, action: 'approve' })).status).toBe(40004);
    expect((await mpost(pay, 'status', { id: m!.id, action: 'delete' })).msg).toBe('审核操作不正确');
    expect(await statusOf(m!.id)).toBe(1);
  });

  it('lists and searches for the payment company, with the page sizes of the spec', async () => {
    const all = await mget<{ count: number; list: { status: number }[] }>(pay, 'merchant_list', {
      page_size: 20,
    });
    expect(all.data.count).toBeGreaterThanOrEqual(2);
    const queue = await mget<{ list: { status: number }[] }>(pay, 'merchant_list', { status: 1 });
    expect(queue.data.list.every((x) => x.status === 1)).toBe(true);
    const found = await mget<{ list: { legal_name: string }[] }>(pay, 'merchant_list', {
      keyword: '开通测试',
    });
    expect(found.data.list.map((x) => x.legal_name)).toEqual(['开通测试网络科技有限公司']);
  });
});

describe('double clicks and retries', () => {
  it('two first draft saves at once make one draft; two approvals at once approve once', async () => {
    const [a, b] = await Promise.all([
      mpost<{ id: number }>(owner, 'add_save', { short_name: '并发草稿', step: 1 }),
      mpost<{ id: number }>(owner, 'add_save', { short_name: '并发草稿', step: 1 }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.data.id).toBe(b.data.id);
    const drafts = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from merchants m join users u on u.id = m.owner_user_id
          where u.user_name = 'demo_netbar' and m.status = 0`,
    );
    expect(drafts[0]!.n).toBe(1);

    const id = await submitted('并发审核网络科技有限公司');
    const answers = await Promise.all([
      mpost(pay, 'status', { id, action: 'approve' }),
      mpost(pay, 'status', { id, action: 'approve' }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 40009]);
    const [m] = await rows<{ status: number; merchant_no: string }>(
      t.database.db,
      sql`select status, merchant_no from merchants where id = ${id}`,
    );
    expect(m!.status).toBe(3);
  });
});

describe('stores and 收钱吧', () => {
  it('adds a store of the owner to an opened merchant once, never another owner’s store', async () => {
    const [m] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from merchants where status = 4 limit 1`,
    );
    const [sub] = await rows<{ id: number }>(
      t.database.db,
      sql`select n.id from netbars n join users u on u.id = n.owner_user_id
          where u.user_name = 'demo_netbar' and n.id not in (select netbar_id from merchant_stores where netbar_id is not null)
          and n.status <> 0 order by n.id limit 1`,
    );
    const [foreign] = await rows<{ id: number }>(
      t.database.db,
      sql`select n.id from netbars n join users u on u.id = n.owner_user_id where u.user_name = 'demo_netbar2' limit 1`,
    );
    expect((await mpost(owner, 'addStore', { id: m!.id, netbar_id: foreign!.id })).status).toBe(40004);
    const r = await mpost(owner, 'addStore', { id: m!.id, netbar_id: sub!.id });
    expect(r.status).toBe(200);
    const twice = await mpost(owner, 'addStore', { id: m!.id, netbar_id: sub!.id });
    expect([twice.status, twice.msg]).toEqual([40009, '该门店已绑定商户']);
  });

  it('links a 收钱吧 merchant by number once (import_sqb on the passport service)', async () => {
    const unknown = await mget(owner, 'sqb_info', { merchant_no: '9900000001' });
    expect([unknown.status, unknown.msg]).toEqual([40004, '收钱吧未找到该商户号']);
    const bad = await mget(owner, 'sqb_info', { merchant_no: '12ab' });
    expect(bad.msg).toBe('收钱吧商户号为10-20位数字');
    const info = await mget<{ name: string; imported: boolean; stores: unknown[] }>(owner, 'sqb_info', {
      merchant_no: '1680009876543',
    });
    expect(info.data).toMatchObject({ name: '极速电竞馆', imported: false });
    const frozen = await owner.post('/api/v1/import_sqb', { merchant_no: '1680005550000' });
    expect([frozen.status, frozen.msg]).toEqual([40009, '该收钱吧商户已冻结，不能导入']);
    const other = await t.as(DEMO.netbar2);
    const r = await other.post<{ id: number }>('/api/v1/import_sqb', { merchant_no: '1680009876543' });
    expect(r.status).toBe(200);
    const again = await owner.post('/api/v1/import_sqb', { merchant_no: '1680009876543' });
    expect([again.status, again.msg]).toEqual([40009, '该收钱吧商户已导入']);
    expect((await mget(owner, 'info', { id: r.data.id })).status).toBe(40004);
    const mine = await mget<{ source: string; stores: { store_no: string; netbar_name: string }[] }>(
      other,
      'info',
      {
        id: r.data.id,
      },
    );
    expect(mine.data.source).toBe('sqb');
    expect(mine.data.stores.map((s) => [s.store_no, s.netbar_name])).toEqual([
      ['21590000000101', '极速网吧'],
    ]);
  });
});
