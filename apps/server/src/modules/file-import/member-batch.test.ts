import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, isPgMode, type TestApp } from '../../test/harness.ts';
import { copyText, insertMembers, type NewMember } from './member-batch.repo.ts';

/**
 * The batch insert of a member import (decision 190, 196): on PostgreSQL the rows go through COPY into a
 * staging table, on PGlite through one JSON parameter. Both projects run these same expectations, so the two
 * paths write the same members and ledger rows, text with tabs, line breaks and backslashes included.
 */

let t: TestApp;
let store = 0;
let level = 0;
beforeAll(async () => {
  t = await createTestApp();
  const n = await rows<{ id: number }>(
    t.database.db,
    sql`insert into netbars (name) values ('批量导入测试网吧') returning id`,
  );
  store = Number(n[0]!.id);
  const l = await rows<{ id: number }>(
    t.database.db,
    sql`insert into member_levels (pool_id, name) values (${store}, '普通会员') returning id`,
  );
  level = Number(l[0]!.id);
});
afterAll(() => t.close());

const member = (row: number, card: string, name: string, remark: string): NewMember => ({
  row,
  card_kind: 2,
  card_enc: `enc:${card}`,
  card_hmac: `hmac:${card}`,
  card_mask: `${card.slice(0, 2)}****`,
  name,
  mobile: `1380000000${row % 10}`,
  level_id: level,
  principal: row * 100 + 5,
  bonus: row,
  points: row * 2,
  remark,
  status: row % 2 ? 2 : 1,
});

const who = () => ({ job: 9001, pool: store, store, userId: 0, userName: '测试' });

describe('member import batch insert', () => {
  it('escapes COPY text: tabs, line breaks and backslashes stay inside their column', () => {
    const text = copyText([member(2, 'A1', '张\t三\n\\.', 'a\\b\r')]);
    expect(text.split('\n')).toHaveLength(2);
    expect(text.split('\t')).toHaveLength(13);
    expect(text).toContain('张\\t三\\n\\\\.');
    expect(text).toContain('a\\\\b\\r\t1\n');
  });

  it('writes the same members and ledger rows through either path; a card taken is left out', async () => {
    const list = [
      member(2, 'MB0001', '张\t三', '原系统开卡日期 2019-01-02'),
      member(3, 'MB0002', '李四\n第二行', 'C:\\旧系统\\导出'),
      member(4, 'MB0003', '\\.', ''),
    ];
    const written = await t.database.db.transaction(async (tx) => {
      const r = await insertMembers(tx, who(), list);
      const stage = await rows<{ s: string | null }>(
        tx,
        sql`select to_regclass('pg_temp.file_import_stage')::text as s`,
      );
      // PostgreSQL takes the COPY path (its staging table exists in this transaction), PGlite the JSON one
      expect(stage[0]!.s !== null).toBe(isPgMode());
      return r;
    });
    expect(written.sort()).toEqual([2, 3, 4]);
    // the same card again (a batch written twice): nothing more lands
    const again = await t.database.db.transaction((tx) =>
      insertMembers(tx, who(), [member(5, 'MB0002', '重复', '')]),
    );
    expect(again).toEqual([]);

    const got = await rows<Record<string, unknown>>(
      t.database.db,
      sql`select m.card_hmac, m.name, m.mobile, m.remark, m.status::int as status, m.principal_fen::int as p, m.bonus_fen::int as b,
            m.points::int as pt, l.kind, l.principal_after::int as lp, l.bonus_after::int as lb, l.points_after::int as lpt,
            l.request_id, l.remark as lremark
          from members m join member_ledger l on l.id = m.last_ledger_id and l.member_id = m.id
          where m.pool_id = ${store} order by m.card_hmac`,
    );
    expect(got).toEqual(
      list.map((m) => ({
        card_hmac: m.card_hmac,
        name: m.name,
        mobile: m.mobile,
        remark: m.remark,
        status: m.status,
        p: m.principal,
        b: m.bonus,
        pt: m.points,
        kind: 'import',
        lp: m.principal,
        lb: m.bonus,
        lpt: m.points,
        request_id: `import:9001:${m.row}`,
        lremark: `文件导入 #9001 第${m.row}行`,
      })),
    );
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from member_ledger where pool_id = ${store}`,
    );
    expect(n[0]!.n).toBe(3);
  });
});
