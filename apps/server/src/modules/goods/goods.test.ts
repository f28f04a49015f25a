import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, makeGoods, postStockDoc as post } from '../../test/kit.ts';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

async function upload(
  cl: Client,
  rowsIn: (string | number)[][],
  dry: '0' | '1',
  header = [
    '商品名称',
    '分类',
    '单位',
    '规格',
    '条码',
    '成本价(元)',
    '售价(元)',
    '会员价(元)',
    '管理库存(是/否)',
    '库存预警',
  ],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(header);
  for (const r of rowsIn) ws.addRow(r);
  const file = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----nb';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="goods.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/goods_import?dry_run=${dry}`,
    headers: {
      cookie: [...cl.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return JSON.parse(res.body) as {
    status: number;
    msg: string;
    data: { errors: { row: number; msg: string }[]; goods: number; written: boolean };
  };
}

describe('goods catalogue', () => {
  it('creates a category, a specification, a material and a good with two SKUs and a recipe', async () => {
    const spec = await c.request(
      'POST',
      '/api/v1/goods_spec_save',
      { name: '测试杯型', values: ['大杯', '中杯'] },
      { json: true },
    );
    expect(spec.status).toBe(200);
    const m = await c.post<{ id: number }>('/api/v1/goods_matter_save', {
      name: '测试奶茶粉',
      unit: '克',
      cost_fen: 5,
    });
    const g = await makeGoods(
      c,
      '测试奶茶',
      [
        { spec: '大杯', price_fen: 1200 },
        { spec: '中杯', price_fen: 1000 },
      ],
      { recipe: [{ mater_id: m.data.id, qty: 25 }] },
    );
    expect(g.skuIds).toHaveLength(2);
    const d = await c.get<{ skus: { spec: string }[]; recipe: { mater_name: string; qty: number }[] }>(
      '/api/v1/goods_detail',
      { id: g.goodsId },
    );
    expect(d.data.skus.map((s) => s.spec)).toEqual(['大杯', '中杯']);
    expect(d.data.recipe).toEqual([{ mater_id: m.data.id, mater_name: '测试奶茶粉', unit: '克', qty: 25 }]);
    const maters = await c.get<{ list: { id: number }[]; count: number; page: number }>(
      '/api/v1/goods_matter_list',
      { keyword: '测试奶茶粉', page: 1, page_size: 10 },
    );
    expect(maters.data).toMatchObject({ list: [{ id: m.data.id }], count: 1, page: 1 });
    const past = await c.get<{ list: unknown[]; count: number }>('/api/v1/goods_matter_list', {
      keyword: '测试奶茶粉',
      page: 2,
      page_size: 10,
    });
    expect(past.data).toMatchObject({ list: [], count: 1 });
    const shelf = await c.post('/api/v1/goods_shelf', { ids: String(g.goodsId), shelf_status: 2 });
    expect(shelf.status).toBe(200);
    const off = await c.get<{ list: { id: number }[] }>('/api/v1/goods_list', { shelf_status: 2 });
    expect(off.data.list.map((x) => x.id)).toContain(g.goodsId);
    expect((await c.post('/api/v1/goods_matter_delete', { id: m.data.id })).msg).toBe(
      '该原料已用于商品配方，请先修改配方',
    );
  });

  it('lists the demo catalogue with prices in fen', async () => {
    const r = await c.get<{ list: { name: string; skus: { price_fen: number }[] }[]; count: number }>(
      '/api/v1/goods_list',
      { keyword: '可口可乐' },
    );
    expect(r.data.list[0]).toMatchObject({ name: '可口可乐 330ml', skus: [{ price_fen: 300 }] });
  });

  it('refuses to delete a good with stock or history, and deletes one without', async () => {
    const g = await makeGoods(c, '测试删除');
    await post(c, 'goods_in', [{ item_kind: 'goods', item_id: g.skuIds[0]!, qty: 1 }]);
    const r = await c.post('/api/v1/goods_delete', { id: g.goodsId });
    expect([r.status, r.msg]).toEqual([40009, '该商品有库存或出入库记录，不能删除，请改为下架']);
    const fresh = await makeGoods(c, '测试可删');
    expect((await c.post('/api/v1/goods_delete', { id: fresh.goodsId })).status).toBe(200);
    expect((await c.post('/api/v1/goods_class_delete', { id: g.categoryId })).msg).toBe(
      '该分类下还有商品，不能删除',
    );
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const before = await count(t, 'goods');
    const cat = (await c.post<{ id: number }>('/api/v1/goods_class_save', { name: '测试坏输入' })).data.id;
    const base = {
      name: '坏商品',
      category_id: cat,
      unit: '个',
      skus: [{ spec: '', cost_fen: 1, price_fen: 2, member_price_fen: 2 }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, name: '' }, '商品名称为1-30个字符'],
      [{ ...base, skus: [] }, '规格数为1-50个'],
      [
        { ...base, skus: [{ spec: '', cost_fen: 1, price_fen: 2, member_price_fen: 3 }] },
        '会员价不能高于售价',
      ],
      [
        { ...base, skus: [{ spec: '', cost_fen: -1, price_fen: 2, member_price_fen: 2 }] },
        '成本价须为0-1000000元之间的金额',
      ],
      [{ ...base, colour: 7 }, '参数错误'],
      [{ ...base, name: '可口可乐 330ml' }, '商品名称「可口可乐 330ml」已存在'],
    ];
    for (const [body, msg] of cases) {
      const r = await c.request('POST', '/api/v1/goods_save', body, { json: true });
      expect(r.status).not.toBe(200);
      if (msg !== '参数错误') expect(r.msg).toBe(msg);
    }
    expect(await count(t, 'goods')).toBe(before);
    expect((await c.post('/api/v1/goods_class_save', { name: '' })).msg).toBe('分类名称为1-20个字符');
  });

  it('shares a chain head’s category with its stores, which cannot edit it', async () => {
    const r = await c.post<{ id: number }>('/api/v1/goods_class_save', { name: '连锁共享', shared: 1 });
    expect(r.status).toBe(200);
    const stores = await c.get<{ list: { nid: number; pid: number; cid: number; chain_type: number }[] }>(
      '/api/v1/get_store_list',
      { page_size: 20 },
    );
    const sub = stores.data.list.find((s) => s.nid !== s.pid)!;
    const sw = await c.post('/api/v1/change_store', {
      cid: sub.cid,
      pid: sub.pid,
      nid: sub.nid,
      change_type: 1,
      chain_type: sub.chain_type,
    });
    expect(sw.status).toBe(200);
    const seen = await c.get<{ list: { id: number; own: boolean }[] }>('/api/v1/goods_class_list');
    expect(seen.data.list.find((x) => x.id === r.data.id)).toMatchObject({ own: false });
    expect((await c.post('/api/v1/goods_class_save', { id: r.data.id, name: '改名' })).status).toBe(40004);
    expect((await c.post('/api/v1/goods_class_save', { name: '子店共享', shared: 1 })).msg).toBe(
      '只有连锁总店可以共享分类',
    );
    const other = await t.as(DEMO.netbar2);
    expect(
      (await other.get<{ list: { id: number }[] }>('/api/v1/goods_class_list')).data.list.some(
        (x) => x.id === r.data.id,
      ),
    ).toBe(false);
  });

  it('gives staff what they were granted and answers another store’s ids as missing', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get('/api/v1/goods_list')).status).toBe(200);
    expect((await staff.get('/api/v1/goods_sales_plan_list')).status).toBe(40003);
    expect((await staff.post('/api/v1/goods_class_save', { name: '员工分类' })).status).toBe(40003);
    const owner = await t.as(DEMO.netbar);
    const mine = await owner.get<{ list: { id: number }[] }>('/api/v1/goods_list', { keyword: '红牛' });
    const id = mine.data.list[0]!.id;
    const other = await t.as(DEMO.netbar2);
    expect((await other.get('/api/v1/goods_detail', { id })).status).toBe(40004);
    expect((await other.post('/api/v1/goods_delete', { id })).status).toBe(40004);
    expect((await other.post('/api/v1/goods_shelf', { ids: String(id), shelf_status: 2 })).status).toBe(
      40004,
    );
    expect(
      (
        await other.request(
          'POST',
          '/api/v1/goods_save',
          {
            id,
            name: 'x',
            category_id: 1,
            unit: '个',
            skus: [{ cost_fen: 1, price_fen: 1, member_price_fen: 1 }],
          },
          { json: true },
        )
      ).status,
    ).toBe(40004);
    expect((await (await t.as(DEMO.agent)).get('/api/v1/goods_list')).status).toBe(40003);
  });
});

describe('goods import', () => {
  it('dry run reports each bad row and writes nothing; a clean file imports', async () => {
    const before = await count(t, 'goods');
    const bad = await upload(
      c,
      [
        ['导入A', '导入分类', '瓶', '', '', 1, 2, 2, '是', 0],
        ['', '导入分类', '瓶', '', '', 1, 2, 2, '是', 0],
        ['导入B', '导入分类', '瓶', '', '', 'abc', 2, 2, '是', 0],
      ],
      '0',
    );
    expect(bad.status).toBe(40000);
    expect(bad.data.errors).toEqual([
      { row: 3, msg: '商品名称为1-30个字符' },
      { row: 4, msg: '价格须为不超过两位小数的金额' },
    ]);
    expect(await count(t, 'goods')).toBe(before);
    const good = [
      ['导入A', '导入分类', '杯', '大杯', '', 1, 2, 2, '是', 0],
      ['导入A', '导入分类', '杯', '中杯', '', 1, 2, 2, '是', 0],
    ];
    const dry = await upload(c, good, '1');
    expect([dry.status, dry.data.goods, dry.data.written]).toEqual([200, 1, false]);
    expect(await count(t, 'goods')).toBe(before);
    const real = await upload(c, good, '0');
    expect([real.status, real.data.written]).toEqual([200, true]);
    expect(await count(t, 'goods')).toBe(before + 1);
    expect((await upload(c, good, '1', ['名称'])).msg).toBe('表头与导入模板不一致，请使用导入模板');
  });
});
