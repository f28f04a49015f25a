import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';
import { mget, mpost, photoWithExif, upload, uploadAll, VALID } from './merchant-kit.ts';

let t: TestApp;
let owner: Client;
let other: Client;
let pay: Client;
const docDir = mkdtempSync(join(tmpdir(), 'nb-merchant-docs-'));
beforeAll(async () => {
  t = await createTestApp({ MERCHANT_DOC_DIR: docDir });
  owner = await t.as(DEMO.netbar);
  other = await t.as(DEMO.netbar2);
  pay = await t.as(DEMO.pay);
});
afterAll(() => t.close());

const merchants = () => count(t.database.db, 'merchants');

describe('merchant onboarding: the form', () => {
  it('answers banks from the CNAPS table, regions from the area data and the name check', async () => {
    const banks = await mpost<{ code: string; name: string }[]>(owner, 'get_bank_list', { keyword: '工商' });
    expect(banks.data).toEqual([{ code: '102', name: '中国工商银行' }]);
    const provinces = await mget<{ id: string; name: string }[]>(owner, 'merchant_regions_list', {
      parentID: 0,
    });
    expect(provinces.data.find((p) => p.name === '浙江省')?.id).toBe('33');
    const name = await mpost<{ is_exist: number }>(owner, 'check_name', { name: '没有人用过的名字' });
    expect(name.data.is_exist).toBe(0);
  });

  it('keeps a document re-encoded without EXIF, readable only through a signed link', async () => {
    const r = await upload(t, owner, 'licence', await photoWithExif());
    expect(r.status).toBe(200);
    expect(r.data.url).toMatch(/^\/api\/merchant\/doc\?id=\d+&exp=\d+&sig=[\w-]{43}$/);
    const got = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(got.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(got.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    // the file name is random, never the content hash or the id, and not under the public uploads
    expect(readdirSync(docDir).every((f) => /^[0-9a-f]{32}\.jpg$/.test(f))).toBe(true);
    const forged = r.data.url.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const later = r.data.url.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 60}`);
    expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(404);
  });

  it('refuses a non-image, a broken image, a too large file and a wrong kind, writing nothing', async () => {
    const files = readdirSync(docDir).length;
    const docs = await count(t.database.db, 'merchant_docs');
    const text = await upload(t, owner, 'licence', Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect([text.http, text.status, text.msg]).toEqual([400, 40000, '只能上传 PNG、JPEG、GIF 或 WebP 图片']);
    const broken = await upload(t, owner, 'licence', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect(broken.msg).toBe('图片无法识别，请重新拍摄或选择图片');
    const big = Buffer.concat([await photoWithExif(), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await upload(t, owner, 'licence', big);
    expect([large.http, large.status, large.msg]).toEqual([413, 41300, '图片不能超过5MB']);
    const kind = await upload(t, owner, 'selfie', await photoWithExif());
    expect(kind.msg).toBe('资料类型不正确');
    expect(readdirSync(docDir).length).toBe(files);
    expect(await count(t.database.db, 'merchant_docs')).toBe(docs);
  });

  it('saves a draft in steps and refuses a bad card or ID number without writing', async () => {
    const d = await mpost<{ id: number }>(owner, 'add_save', { legal_name: VALID.legal_name, step: 1 });
    expect(d.status).toBe(200);
    const again = await mpost(owner, 'add_save', { id: d.data.id, short_name: VALID.short_name, step: 2 });
    expect(again.status).toBe(200);
    const saved = await mget<{
      id: number;
      legal_name: string;
      short_name: string;
      step: number;
      status: number;
    }>(owner, 'get_save');
    expect(saved.data).toMatchObject({
      id: d.data.id,
      legal_name: VALID.legal_name,
      short_name: VALID.short_name,
      step: 2,
      status: 0,
    });

    const before = await merchants();
    const luhn = await mpost(owner, 'add_save', { id: d.data.id, card_no: '6222600260001072445' });
    expect([luhn.status, luhn.msg]).toEqual([40000, '银行卡号不正确']);
    const id = await mpost(owner, 'add', { ...VALID, id_no: '110105194912310021' });
    expect([id.status, id.msg]).toEqual([40000, '身份证号码不正确']);
    const licence = await mpost(owner, 'add', { ...VALID, licence_no: '91350100M000100Y44' });
    expect(licence.msg).toBe('统一社会信用代码不正确');
    const region = await mpost(owner, 'add', { ...VALID, district: '不存在区' });
    expect(region.msg).toBe('省市区不正确');
    expect(await merchants()).toBe(before);
    const [m] = await rows<{ card_no_enc: string | null }>(
      t.database.db,
      sql`select card_no_enc from merchants where id = ${d.data.id}`,
    );
    expect(m!.card_no_enc).toBeNull();
  });

  it('submits with every document, stores the numbers encrypted and shows them masked', async () => {
    const draft = await mget<{ id: number }>(owner, 'get_save');
    const missing = await mpost(owner, 'add', { ...VALID, id: draft.data.id });
    expect(missing.msg).toBe('请上传营业执照');
    const docs = await uploadAll(t, owner);
    const r = await mpost<{ id: number; status: number }>(owner, 'add', {
      ...VALID,
      ...docs,
      id: draft.data.id,
    });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ id: draft.data.id, status: 1 });

    const [raw] = await rows<Record<string, string>>(
      t.database.db,
      sql`select * from merchants where id = ${r.data.id}`,
    );
    expect(JSON.stringify(raw)).not.toContain(VALID.card_no);
    expect(JSON.stringify(raw)).not.toContain(VALID.id_no);
    expect(raw!.card_no_enc).toMatch(/^v1:/);

    const info = await mget<{
      card_no_mask: string;
      id_no_mask: string;
      status_label: string;
      docs: { kind: string }[];
    }>(owner, 'info', { id: r.data.id });
    expect(info.data.card_no_mask).toBe('6222***********2444');
    expect(info.data.id_no_mask).toBe('1101**********002X');
    expect(info.data.status_label).toBe('审核中');
    expect(info.data.docs.map((d) => d.kind).sort()).toEqual([
      'cashier',
      'id_back',
      'id_front',
      'licence',
      'storefront',
    ]);
    expect(info.raw).not.toContain(VALID.card_no);

    const dup = await mpost<{ is_exist: number }>(other, 'check_name', { name: VALID.legal_name });
    expect(dup.data.is_exist).toBe(1);
  });
});

describe('merchant onboarding: who may read what', () => {
  it('keeps another owner, staff, agents and cookies out', async () => {
    const [m] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from merchants where status = 1 order by id desc limit 1`,
    );
    const [d] = await rows<{ id: number }>(
      t.database.db,
      sql`select id from merchant_docs where merchant_id = ${m!.id} limit 1`,
    );
    expect((await mget(other, 'info', { id: m!.id })).status).toBe(40004);
    expect((await mpost(other, 'refresh_img', { doc_id: d!.id })).status).toBe(40004);
    expect((await mpost(other, 'refresh_cdn', { id: m!.id })).status).toBe(40004);
    expect((await mpost(other, 'add_save', { id: m!.id, short_name: '抢过来' })).status).toBe(40004);
    const staff = await t.as(DEMO.netbarStaff);
    expect((await mget(staff, 'info', { id: m!.id })).status).toBe(40003);
    const agent = await t.as(DEMO.agent);
    expect((await mget(agent, 'merchant_list')).status).toBe(40003);
    // the payment company reviews but never fills a form
    expect((await mpost(pay, 'add', VALID)).status).toBe(40003);
    // cookie only (no bearer token): not logged in on the merchant service
    const cookie = await owner.request('GET', '/api/merchant/info', { id: m!.id });
    expect(cookie.status).toBe(40005);
    // the payment company reads the submitted merchant and its documents
    const seen = await mpost<{ url: string }>(pay, 'refresh_img', { doc_id: d!.id });
    expect((await t.app.inject({ method: 'GET', url: seen.data.url })).statusCode).toBe(200);
  });

  it('never shows the payment company a draft', async () => {
    const d = await mpost<{ id: number }>(other, 'add_save', { legal_name: '极速网络工作室' });
    expect(d.status).toBe(200);
    expect((await mget(pay, 'info', { id: d.data.id })).status).toBe(40004);
    const list = await mget<{ list: { id: number }[] }>(pay, 'merchant_list', { page_size: 50 });
    expect(list.data.list.some((x) => x.id === d.data.id)).toBe(false);
  });
});
