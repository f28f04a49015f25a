import { type ImportedCollectionRow, type OperateStatistic, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { staffWithout, xlsxRows } from '../../test/kit.ts';

/** The 历史导入 tab of the payment records (decision 194): the store's own records, by day, total, export. */
let t: TestApp;
let owner: Client;
let nid: number;
let nid2: number;
type Page = { list: ImportedCollectionRow[]; count: number; total_fen: number };

/** Records straight into the table (what runCollections writes), paid at Beijing times. */
const seed = (store: number, trade: string, at: string, fen: number) =>
  rows(
    t.app.deps.db,
    sql`insert into imported_collections (netbar_id, product, source_store, trade_no, paid_at, amount_fen, method, payer, job_id)
        values (${store}, 10, 8001, ${trade}, (${at}::timestamp at time zone 'Asia/Shanghai'), ${fen}, '微信', '张三', 0)`,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = (await owner.get<{ nid: number }>('/api/v1/user_info')).data.nid;
  const other = await t.as(DEMO.netbar2);
  nid2 = (await other.get<{ nid: number }>('/api/v1/user_info')).data.nid;
  await seed(nid, 'IC-A1', '2025-03-01 09:00:00', 1_000);
  await seed(nid, 'IC-A2', '2025-03-01 23:59:59', 2_550);
  await seed(nid, 'IC-A3', '2025-03-02 00:00:00', 300);
  await seed(nid2, 'IC-B1', '2025-03-01 10:00:00', 99_900);
});
afterAll(() => t.close());

const list = (q: Record<string, string | number>, c = owner) =>
  c.get<Page>('/api/v1/imported_collection_list', { page: 1, page_size: 10, ...q });

describe('imported_collection_list / _export', () => {
  it('lists the store’s records by Beijing day with the total, marked 历史导入', async () => {
    const all = await list({});
    expect(all.status, all.msg).toBe(200);
    expect(all.data.list.map((x) => x.trade_no)).toEqual(['IC-A3', 'IC-A2', 'IC-A1']);
    expect(all.data.total_fen).toBe(3_850);
    const day = await list({ start: '2025-03-01', end: '2025-03-01' });
    expect(day.data).toMatchObject({ count: 2, total_fen: 3_550 });
    expect(day.data.list[0]).toMatchObject({ source: '历史导入', paid_at: '2025-03-01 23:59:59' });
    expect((await list({ start: '2025-03-02' })).data).toMatchObject({ count: 1, total_fen: 300 });
  });

  it('exports the filter with a 合计 row', async () => {
    const x = await xlsxRows(owner, '/api/v1/imported_collection_export?start=2025-03-01&end=2025-03-01');
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows[0]).toEqual(['来源', '原系统', '交易号', '支付时间', '支付方式', '付款人', '金额（元）']);
    expect(x.rows.slice(1, 3).map((r) => r[2])).toEqual(['IC-A2', 'IC-A1']);
    expect(x.rows.at(-1)?.[0]).toBe('合计');
    expect(x.rows.at(-1)?.at(-1)).toBe(35.5);
  });

  it('never shows another store’s records; refuses agents and staff without the permission', async () => {
    const other = await list({}, await t.as(DEMO.netbar2));
    expect(other.data.list.map((x) => x.trade_no)).toEqual(['IC-B1']);
    expect((await list({})).data.list.some((x) => x.trade_no === 'IC-B1')).toBe(false);
    expect((await list({}, await t.as(DEMO.agent))).status).toBe(40003);
    const staff = await staffWithout(t, PERM.PAYMENT_SETTINGS, PERM.DATA_IMPORT);
    expect((await list({}, staff)).status).toBe(40003);
    expect((await staff.get('/api/v1/imported_collection_export')).status).toBe(40003);
  });

  it('bad dates get a Chinese message', async () => {
    expect(await list({ start: '2025-02-30' })).toMatchObject({
      status: 40000,
      msg: '开始日期格式为YYYY-MM-DD',
    });
    expect(await list({ start: '2025-03-02', end: '2025-03-01' })).toMatchObject({
      status: 40000,
      msg: '开始日期不能晚于结束日期',
    });
    expect((await owner.get('/api/v1/imported_collection_export', { end: 'x' })).status).toBe(40000);
  });
});

describe('经营统计 covers the days before the switch', () => {
  it('a day of 历史导入 shows its amount apart (历史导入收款), never in revenue or 实收净额', async () => {
    const r = await owner.get<OperateStatistic>('/api/v1/operate_statistic', {
      start: '2025-03-01',
      end: '2025-03-01',
    });
    expect(r.status, r.msg).toBe(200);
    const mine = r.data.stores.find((x) => x.id === nid)!;
    // business day from 08:00: 03-02 00:00 still belongs to 03-01
    expect(mine.totals).toMatchObject({ imported_fen: 3_850, revenue_fen: 0, scan_fen: 0, net_cash_fen: 0 });
    expect(r.data.stores.find((x) => x.id === nid2)?.totals.imported_fen ?? 99_900).toBe(99_900);
    const pay = await rows<{ amount_fen: string; moves: number }>(
      t.app.deps.db,
      sql`select amount_fen, moves from report_pay_day where netbar_id = ${nid} and day = '2025-03-01' and method = 'imported'`,
    );
    expect(pay.map((x) => [Number(x.amount_fen), Number(x.moves)])).toEqual([[3_850, 3]]);
    // a record imported later marks its day again: the next read includes it
    await seed(nid, 'IC-A4', '2025-03-01 12:00:00', 50);
    const again = await owner.get<OperateStatistic>('/api/v1/operate_statistic', {
      start: '2025-03-01',
      end: '2025-03-01',
    });
    expect(again.data.stores.find((x) => x.id === nid)?.totals.imported_fen).toBe(3_900);
  });
});
