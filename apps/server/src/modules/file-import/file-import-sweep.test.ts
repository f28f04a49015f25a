import { existsSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { check, csv, detail, MEMBER_HEADER, uploadFile } from './file-import-kit.ts';
import { sweepAbandonedImports } from './index.ts';

/** Uploads never committed (decision 196): swept after 24 h with their problem rows; the rest stays. */

let t: TestApp;
let owner: Client;
const dataDir = mkdtempSync(join(tmpdir(), 'nb-import-sweep-'));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const FILE = csv([
  MEMBER_HEADER,
  ['SW0001', '甲', '', '1', '0', '0', '', ''],
  ['SW0002', '乙', '12', '1', '0', '0', '', ''],
]);
const HOUR = 3_600_000;

async function job(status?: string) {
  const up = await uploadFile(t, owner, FILE);
  expect(up.status).toBe(200);
  if (status === 'checked') expect((await check(owner, up.data)).job.status).toBe('checked');
  else if (status)
    await rows(t.database.db, sql`update file_import_jobs set status = ${status} where id = ${up.data.id}`);
  const r = await rows<{ p: string }>(
    t.database.db,
    sql`select file_path as p from file_import_jobs where id = ${up.data.id}`,
  );
  return { id: up.data.id, path: r[0]!.p };
}

/** Moves a job's last activity and its file's time `hours` back. */
async function age(j: { id: number; path: string }, hours: number) {
  const at = new Date(Date.now() - hours * HOUR);
  await rows(
    t.database.db,
    sql`update file_import_jobs set created_at = ${at.toISOString()}::timestamptz, heartbeat_at = ${at.toISOString()}::timestamptz where id = ${j.id}`,
  );
  utimesSync(j.path, at, at);
}

const problemRows = async (id: number) =>
  (
    await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from file_import_rows where job_id = ${id}`,
    )
  )[0]!.n;

describe('sweep of uploads never committed', () => {
  it('removes an old uncommitted upload with its rows; running, interrupted and recent ones stay', async () => {
    const uploaded = await job();
    const checked = await job('checked');
    expect(await problemRows(checked.id)).toBe(1);
    const running = await job('running');
    const interrupted = await job('interrupted');
    const recent = await job();
    for (const j of [uploaded, checked, running, interrupted]) await age(j, 25);
    await age(recent, 23);
    const orphanOld = join(dataDir, 'imports', 'orphan-old.upload');
    const orphanNew = join(dataDir, 'imports', 'orphan-new.upload');
    writeFileSync(orphanOld, 'x');
    writeFileSync(orphanNew, 'x');
    utimesSync(orphanOld, new Date(Date.now() - 25 * HOUR), new Date(Date.now() - 25 * HOUR));

    const r = await sweepAbandonedImports(t.database.db, dataDir);
    expect(r).toEqual({ jobs: 2, files: 3 });
    for (const j of [uploaded, checked]) {
      expect(existsSync(j.path)).toBe(false);
      const d = await detail(owner, j.id);
      expect(d.status).toBe('failed');
      expect(d.error).toBe('超过24小时未开始导入，上传的文件已清理，请重新上传');
    }
    expect(await problemRows(checked.id)).toBe(0);
    for (const j of [running, interrupted, recent]) expect(existsSync(j.path)).toBe(true);
    expect((await detail(owner, running.id)).status).toBe('running');
    expect((await detail(owner, interrupted.id)).status).toBe('interrupted');
    expect(existsSync(orphanOld)).toBe(false);
    expect(existsSync(orphanNew)).toBe(true);

    // a swept job cannot be checked or committed again: a Chinese refusal, never a 500
    const again = await owner.post('/api/v1/file_import_check', {
      id: checked.id,
      mapping: '{"card_no":"卡号","name":"姓名"}',
    });
    expect(again.status).toBe(40000);
    expect(again.msg).toMatch(/[\u4e00-\u9fa5]/);
    const go = await owner.post('/api/v1/file_import_commit', { id: checked.id });
    expect(go.status).toBe(40000);
    // a second sweep finds nothing more
    expect(await sweepAbandonedImports(t.database.db, dataDir)).toEqual({ jobs: 0, files: 0 });
    // the running job's row is cleaned up for the other tests of this database
    await rows(t.database.db, sql`update file_import_jobs set status = 'failed' where id = ${running.id}`);
  });
});
