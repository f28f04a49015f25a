import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches } from '../../test/kit.ts';
import { cipherFor, memberFieldKey } from '../member/index.ts';
import { importIdle, importLimits, resumeStale } from './file-import.service.ts';
import { check, commit, csv, detail, MEMBER_HEADER, uploadFile } from './file-import-kit.ts';
import { runHooks } from './file-import-run.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-import-')) });
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());
afterEach(() => {
  runHooks.afterBatch = undefined;
  importLimits.maxBytes = 200 * 1024 * 1024;
});

const members = (n: number, prefix: string) =>
  csv([
    MEMBER_HEADER,
    ...Array.from({ length: n }, (_, i) => [
      `${prefix}${String(i).padStart(5, '0')}`,
      `会员${i}`,
      '',
      '1.01',
      '0.5',
      '1',
      '',
      '',
    ]),
  ]);

/** A job of 250 rows in batches of 100: three batches. */
async function checkedJob(prefix: string) {
  const up = await uploadFile(t, owner, members(250, prefix));
  await rows(t.database.db, sql`update file_import_jobs set batch_size = 100 where id = ${up.data.id}`);
  return (await check(owner, up.data)).job;
}

describe('file import refusals and bad input', () => {
  it('refuses other user types, and another tenant sees the job as absent', async () => {
    const up = await uploadFile(t, owner, members(2, 'RF'));
    expect(up.status).toBe(200);
    for (const who of [DEMO.netbarStaff, DEMO.agent, DEMO.admin]) {
      const c = await t.as(who);
      expect((await c.get('/api/v1/file_import_list')).status).toBe(40003);
      expect((await uploadFile(t, c, members(1, 'RX'))).status).toBe(40003);
    }
    const other = await t.as(DEMO.netbar2);
    const r = await other.get('/api/v1/file_import_detail', { id: up.data.id });
    expect([r.status, r.msg]).toEqual([40004, '导入记录不存在']);
    expect((await other.post('/api/v1/file_import_commit', { id: up.data.id })).status).toBe(40004);
    expect((await other.get('/api/v1/file_import_list')).data).toMatchObject({ count: 0 });
  });

  it('refuses what is not a spreadsheet, an empty file, unknown columns and a file over the limit', async () => {
    const before = await countOf(t, 'file_import_jobs');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await uploadFile(t, owner, png, undefined, 'members.csv')).msg).toMatch(/^文件不是xlsx或csv表格/);
    expect((await uploadFile(t, owner, Buffer.from('PK\x03\x04broken zip'), undefined, 'a.xlsx')).msg).toBe(
      '文件无法读取：不是有效的xlsx表格',
    );
    expect((await uploadFile(t, owner, Buffer.alloc(0))).msg).toBe('文件为空，请检查导出的文件');
    expect(
      (
        await uploadFile(
          t,
          owner,
          csv([
            ['甲', '乙'],
            ['1', '2'],
          ]),
        )
      ).msg,
    ).toMatch(/^表头中没有可识别的列/);
    expect((await uploadFile(t, owner, members(1, 'RK'), { kind: 'x', preset: 'generic' })).msg).toBe(
      '请选择导入内容',
    );
    importLimits.maxBytes = 100;
    const big = await uploadFile(t, owner, members(20, 'RB'));
    expect([big.status, big.msg]).toEqual([40000, '文件超过1KB，请分成几个文件导入']);
    expect(await countOf(t, 'file_import_jobs')).toBe(before);
    // a mapping without a required field, or naming a column the file lacks
    const up = await uploadFile(t, owner, members(1, 'RM'));
    const bad = await owner.post('/api/v1/file_import_check', {
      id: up.data.id,
      mapping: JSON.stringify({ card_no: '卡号' }),
    });
    expect(bad.msg).toBe('请为必填字段选择对应的列：姓名');
    const ghost = await owner.post('/api/v1/file_import_check', {
      id: up.data.id,
      mapping: JSON.stringify({ card_no: '卡号', name: '名字' }),
    });
    expect(ghost.msg).toBe('文件中没有这一列：名字');
    expect((await owner.post('/api/v1/file_import_check', { id: up.data.id, mapping: '{' })).msg).toBe(
      '列对应关系格式不正确',
    );
    expect((await owner.post('/api/v1/file_import_commit', { id: up.data.id })).msg).toBe(
      '请先完成校验（试导入）再开始导入',
    );
    expect((await detail(owner, up.data.id)).status).toBe('uploaded');
  });

  it('resumes after a crash mid-way from the last committed batch: no duplicates, totals equal the source', async () => {
    const job = await checkedJob('CR');
    expect(job.check).toMatchObject({ create: 250, principal_fen: 25250, bonus_fen: 12500 });
    runHooks.afterBatch = (_id, n) => {
      if (n === 0) throw new Error('模拟进程崩溃');
    };
    const first = await commit(owner, job.id);
    expect(first.job).toMatchObject({ status: 'interrupted', batches_done: 1, done: { create: 100 } });
    expect(first.job.error).toMatch(/模拟进程崩溃/);
    runHooks.afterBatch = undefined;
    expect((await commit(owner, job.id)).r.msg).toBe('请先完成校验（试导入）再开始导入');
    const resumed = await commit(owner, job.id, true);
    expect(resumed.job).toMatchObject({ status: 'done', batches_done: 3, done: { rows: 250, create: 250 } });
    expect(await countOf(t, 'members', `name like '会员%' and card_mask like 'C%'`)).toBe(250);
    const rec = await owner.get<{ lines: { ok: boolean }[] }>('/api/v1/file_import_reconcile', {
      id: job.id,
    });
    expect(rec.data.lines.every((l) => l.ok)).toBe(true);
    await expectMemberLedgerMatches(t);
  });

  it('a process killed while running: the start-up pass resumes it; a second import of the pool is refused meanwhile', async () => {
    const job = await checkedJob('KL');
    // as a kill -9 leaves it: running, one batch committed, no heartbeat for a while
    runHooks.afterBatch = (_id, n) => {
      if (n === 0) throw new Error('killed');
    };
    await commit(owner, job.id);
    runHooks.afterBatch = undefined;
    await rows(
      t.database.db,
      sql`update file_import_jobs set status = 'running', heartbeat_at = now() - interval '5 minutes' where id = ${job.id}`,
    );
    const other = await checkedJob('K2');
    const busy = await owner.post('/api/v1/file_import_commit', { id: other.id });
    expect([busy.status, busy.msg]).toEqual([40009, '该门店已有数据导入正在进行，请等待完成后再试']);
    const deps = { db: t.database.db, cipher: cipherFor(memberFieldKey(t.config)), dir: tmpdir() };
    expect(await resumeStale(deps)).toEqual([job.id]);
    await importIdle();
    expect(await detail(owner, job.id)).toMatchObject({ status: 'done', done: { create: 250 } });
    expect(await countOf(t, 'members', `card_mask like 'K%'`)).toBe(250);
    expect((await commit(owner, other.id)).job.status).toBe('done');
    await expectMemberLedgerMatches(t);
  });
});
