import type { ImportedCollectionRow, ImportSchedule } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importable, member } from '../../../../../tools/legacy-sim/data.ts';
import type { LegacySim } from '../../../../../tools/legacy-sim/server.ts';
import { rows } from '../../db/client.ts';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, expectStockLedgerMatches } from '../../test/kit.ts';
import { runHooks } from '../file-import/index.ts';
import { loginDemo, SIM_COLLECTIONS, SIM_MEMBERS, settle, simAndApp, simSummary } from './legacy-kit.ts';

let sim: LegacySim;
let t: TestApp;
let owner: Client;
let nid: number;
beforeAll(async () => {
  ({ sim, t } = await simAndApp());
  owner = await t.as(DEMO.netbar);
  nid = (await owner.get<{ nid: number }>('/api/v1/user_info')).data.nid;
  expect((await loginDemo(owner)).data.code).toBe(0);
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const schedule = async (c = owner) =>
  (await c.request<ImportSchedule>('GET', '/businessimport/schedule', {}, { bearer: true })).data;

describe('members of a source store', () => {
  it('land through the member ledger; progress, the reconciliation and the simulator summary agree', async () => {
    const before = await countOf(t, 'members', `netbar_id = ${nid}`);
    const lostBefore = await countOf(t, 'members', `netbar_id = ${nid} and status = 2`);
    // the pool calls its top level otherwise: the source's 白金会员 is a level it lacks
    const pool = Number(
      (
        await rows<{ p: number }>(
          t.database.db,
          sql`select pool_id as p from members where netbar_id = ${nid} limit 1`,
        )
      )[0]!.p,
    );
    await t.database.db.execute(
      sql`update member_levels set name = '白金VIP' where pool_id = ${pool} and name = '白金会员'`,
    );
    const r = await owner.post<{ job_id: number }>('/api/v1/import_netbar_user', { netbar_id: 8001 });
    expect(r.status).toBe(200);
    // a second import into the store while one runs
    const busy = await owner.post('/api/v1/import_netbar_goods', { netbar_id: 8001 });
    expect(busy).toMatchObject({ status: 40009, msg: '该门店已有数据导入正在进行，请等待完成后再试' });
    const s0 = await schedule();
    expect(s0.end).toBe(0);
    // while running the dialog is told what happens: 下载中 / 校验中 (com still 0) / 导入中
    expect(['下载中', '校验中', '导入中']).toContain(s0.phase);
    await settle();
    const src = await simSummary(sim, 8001);
    const s = await schedule();
    expect(s).toMatchObject({ end: 1, status: 'done', kind: 'member', total: SIM_MEMBERS, com: SIM_MEMBERS });
    // rows 17, 503 and 1017: bad mobile, negative 本金, bad mobile
    expect(s.failed).toBe(3);
    expect(s.member + s.right).toBe(src.importable!.members);
    expect(s.member).toBe(SIM_MEMBERS - 3);
    expect(await countOf(t, 'members', `netbar_id = ${nid}`)).toBe(before + s.member);
    // the source's 挂失 cards land 挂失 (status 2)
    const lost = Array.from({ length: SIM_MEMBERS }, (_, i) => member(8001, i)).filter(
      (m) => importable(m) && m.status === '挂失',
    ).length;
    expect(lost).toBeGreaterThan(0);
    expect(await countOf(t, 'members', `netbar_id = ${nid} and status = 2`)).toBe(lostBefore + lost);
    // the level came over (added, no benefit set) and holds the source's 白金会员 members
    const platinum = Array.from({ length: SIM_MEMBERS }, (_, i) => member(8001, i)).filter(
      (m) => importable(m) && m.level === '白金会员',
    ).length;
    expect(platinum).toBeGreaterThan(0);
    const lv = await rows<{ threshold_fen: string; n: number }>(
      t.database.db,
      sql`select l.threshold_fen, (select count(*)::int from members m where m.level_id = l.id) as n
          from member_levels l where l.pool_id = ${pool} and l.name = '白金会员'`,
    );
    expect(lv.map((x) => [Number(x.threshold_fen), x.n])).toEqual([[0, platinum]]);
    await expectMemberLedgerMatches(t);
    const landed = await rows<{ n: number; p: string; b: string }>(
      t.database.db,
      sql`select count(*)::int as n, sum(principal_delta) as p, sum(bonus_delta) as b from member_ledger l
          join legacy_import_jobs j on l.request_id like 'import:' || j.file_job_id || ':%' where j.id = ${r.data.job_id}`,
    );
    expect([landed[0]!.n, Number(landed[0]!.p), Number(landed[0]!.b)]).toEqual([
      src.importable!.members,
      src.importable!.principal_fen,
      src.importable!.bonus_fen,
    ]);
    const job = await rows<{ file_job_id: string }>(
      t.database.db,
      sql`select file_job_id from legacy_import_jobs where id = ${r.data.job_id}`,
    );
    const rec = await owner.get<{ lines: { item: string; source: number; landed: number; ok: boolean }[] }>(
      '/api/v1/file_import_reconcile',
      { id: Number(job[0]!.file_job_id) },
    );
    expect(rec.data.lines.every((l) => l.ok)).toBe(true);
    const line = (item: string) => rec.data.lines.find((l) => l.item.includes(item));
    // the reconciliation's money lines are in yuan
    expect(Math.round(line('本金')!.landed * 100)).toBe(src.importable!.principal_fen);
    expect(Math.round(line('奖励')!.landed * 100)).toBe(src.importable!.bonus_fen);
  });

  it('a re-run creates no duplicates and moves no balance', async () => {
    const members = await countOf(t, 'members', `netbar_id = ${nid}`);
    const ledger = await countOf(t, 'member_ledger', `netbar_id = ${nid}`);
    const r = await owner.request<{ job_id: number }>(
      'POST',
      '/businessimport/saveMember',
      { netbar_id: 8001 },
      { bearer: true },
    );
    expect(r.status).toBe(200);
    await settle();
    const s = await schedule();
    expect(s).toMatchObject({
      end: 1,
      status: 'done',
      total: SIM_MEMBERS,
      com: SIM_MEMBERS,
      member: 0,
      phase: '',
    });
    // the members already here with the same data are 已存在 (right), only the 3 bad rows 失败
    expect(s).toMatchObject({ right: SIM_MEMBERS - 3, failed: 3 });
    expect(await countOf(t, 'members', `netbar_id = ${nid}`)).toBe(members);
    expect(await countOf(t, 'member_ledger', `netbar_id = ${nid}`)).toBe(ledger);
    await expectMemberLedgerMatches(t);
  });

  it("another store's owner sees nothing of this store's import", async () => {
    const other = await t.as(DEMO.netbar2);
    expect(await schedule(other)).toMatchObject({ total: 0, end: 1, status: '' });
  });
});

describe('a crash mid-import', () => {
  it('fails the job with its reason; importing again lands the rest once, totals = the source', async () => {
    runHooks.afterBatch = (_id, n) => {
      if (n === 0) throw new Error('模拟进程崩溃');
    };
    try {
      await owner.post('/api/v1/import_netbar_user', { netbar_id: 8003 });
      await settle();
    } finally {
      runHooks.afterBatch = undefined;
    }
    const crashed = await schedule();
    expect(crashed).toMatchObject({ end: 1, status: 'failed', com: 1000 });
    expect(crashed.msg).toContain('模拟进程崩溃');
    await owner.post('/api/v1/import_netbar_user', { netbar_id: 8003 });
    await settle();
    const s = await schedule();
    expect(s).toMatchObject({ end: 1, status: 'done', total: SIM_MEMBERS, com: SIM_MEMBERS });
    const src = await simSummary(sim, 8003);
    const landed = await rows<{ n: number; p: string; b: string }>(
      t.database.db,
      sql`select count(*)::int as n, sum(principal_delta) as p, sum(bonus_delta) as b from member_ledger l
          join legacy_import_jobs j on l.request_id like 'import:' || j.file_job_id || ':%'
          where j.netbar_id = ${nid} and j.source_store = 8003`,
    );
    expect([landed[0]!.n, Number(landed[0]!.p), Number(landed[0]!.b)]).toEqual([
      src.importable!.members,
      src.importable!.principal_fen,
      src.importable!.bonus_fen,
    ]);
    await expectMemberLedgerMatches(t);
  });

  it('a job whose process stopped beating is failed at the next look; one still beating holds the store', async () => {
    const job = (beatAgo: string) =>
      rows<{ id: string }>(
        t.database.db,
        sql`insert into legacy_import_jobs (netbar_id, product, source_store, kind, beat_at)
            values (${nid}, 10, 8002, 'goods', now() - ${beatAgo}::interval) returning id`,
      ).then((r) => Number(r[0]!.id));
    // a process killed 2 minutes ago: 导入中断 at once, and the store may import again
    const dead = await job('2 minutes');
    expect(await schedule()).toMatchObject({
      end: 1,
      status: 'failed',
      msg: '导入中断（服务重启），请重新导入',
    });
    // another server still running its job (beat 5 s ago): left alone, a second import is refused
    const alive = await job('5 seconds');
    expect(await schedule()).toMatchObject({ end: 0 });
    expect(await owner.post('/api/v1/import_netbar_goods', { netbar_id: 8002 })).toMatchObject({
      status: 40009,
    });
    const st = await rows<{ id: string; status: string }>(
      t.database.db,
      sql`select id, status from legacy_import_jobs where id in (${dead}, ${alive}) order by id`,
    );
    expect(st.map((x) => x.status)).toEqual(['failed', 'running']);
    await t.database.db.execute(sql`update legacy_import_jobs set status = 'failed' where id = ${alive}`);
  });
});

describe('goods of a source store', () => {
  it('are created with their categories; their stock enters through one posted 入库 document', async () => {
    const docs = await countOf(t, 'stock_docs', `netbar_id = ${nid} and doc_type = 'goods_in'`);
    const r = await owner.post<{ job_id: number }>('/api/v1/import_netbar_goods', { netbar_id: 8002 });
    expect(r.status).toBe(200);
    await settle();
    const s = await schedule();
    expect(s).toMatchObject({ end: 1, status: 'done', kind: 'goods', total: 14, com: 14, failed: 0 });
    expect(s.member + s.right).toBe(14);
    expect(s.member).toBeGreaterThan(0);
    expect(
      await countOf(t, 'stock_docs', `netbar_id = ${nid} and doc_type = 'goods_in' and status = 'posted'`),
    ).toBe(docs + 1);
    const stock = await rows<{ qty: number }>(
      t.database.db,
      sql`select sum(l.qty)::int as qty from stock_doc_lines l join stock_docs d on d.id = l.doc_id
          where d.netbar_id = ${nid} and d.remark like '从旧系统导入%'`,
    );
    expect(stock[0]!.qty).toBeGreaterThan(0);
    expect(await countOf(t, 'goods_categories', `netbar_id = ${nid} and name = '小吃'`)).toBe(1);
    await expectStockLedgerMatches(t);
    // a re-run finds every good by name: nothing created, no second document
    await owner.post('/api/v1/import_netbar_goods', { netbar_id: 8002 });
    await settle();
    expect(await schedule()).toMatchObject({ end: 1, member: 0, right: 14 });
    expect(await countOf(t, 'stock_docs', `netbar_id = ${nid} and doc_type = 'goods_in'`)).toBe(docs + 1);
  });
});

describe('online collection', () => {
  it('lands as 历史导入 records, read-only, once', async () => {
    const payments = await countOf(t, 'payments');
    const r = await owner.post('/api/v1/netbar_import_fsyg_goods', { product: 10, netbar_id: 8001 });
    expect(r.status).toBe(200);
    await settle();
    expect(await schedule()).toMatchObject({
      end: 1,
      kind: 'collection',
      total: SIM_COLLECTIONS,
      com: SIM_COLLECTIONS,
      member: SIM_COLLECTIONS,
    });
    const list = await owner.get<{ list: ImportedCollectionRow[]; count: number; total_fen: number }>(
      '/api/v1/imported_collection_list',
      { page: 1, page_size: 50 },
    );
    expect(list.data.count).toBe(SIM_COLLECTIONS);
    expect(list.data.total_fen).toBe((await simSummary(sim, 8001)).collection_fen);
    expect(list.data.list[0]).toMatchObject({ source: '历史导入', product: 10 });
    expect(list.data.list[0]!.paid_at).toMatch(/^2026-09-\d{2} \d{2}:\d{2}:\d{2}$/);
    // never a payment: no refund, settlement or acquirer reconciliation can reach them
    expect(await countOf(t, 'payments')).toBe(payments);
    const refund = await owner.request(
      'POST',
      '/api/c1/pay_refund',
      {
        payment_no: list.data.list[0]!.trade_no,
        amount_fen: 100,
        reason: '测试',
        request_id: 'legacy-refund-1',
      },
      { bearer: true },
    );
    expect(refund.status).not.toBe(200);
    await owner.post('/api/v1/netbar_import_fsyg_goods', { product: 10, netbar_id: 8001 });
    await settle();
    expect(await schedule()).toMatchObject({ member: 0, right: SIM_COLLECTIONS });
    expect(await countOf(t, 'imported_collections', `netbar_id = ${nid}`)).toBe(SIM_COLLECTIONS);
    const other = await t.as(DEMO.netbar2);
    expect(
      (await other.get<{ count: number }>('/api/v1/imported_collection_list', { page: 1, page_size: 10 }))
        .data.count,
    ).toBe(0);
  });
});
