import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, xlsxRows } from '../../test/kit.ts';
import { check, commit, csv, MEMBER_HEADER, uploadFile } from './file-import-kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-import-')) });
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

/** An 18-character ID card number with its MOD 11-2 check digit. */
function idCard(body17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body17].reduce((s, d, i) => s + Number(d) * w[i]!, 0);
  return body17 + '10X98765432'[sum % 11];
}

const FILE = [
  MEMBER_HEADER,
  ['FI0001', '张一', '13800000001', '100.50', '20', '15', '', '2019-03-01'],
  ['FI0002', '张二', '', '0', '0', '0', '普通会员', ''],
  [idCard('11010519491231002'), '张三', '13900000003', '8', '1.25', '', '', '2020/1/2'],
  ['FI0004', '李四', '12345', '10', '0', '0', '', ''],
  ['110105194912310021', '王五', '', '10', '0', '0', '', ''],
  ['FI0006', '赵六', '', '-5', '0', '0', '', ''],
  ['FI0007', '钱七', '', '5', '0', '0', '至尊会员', ''],
  ['FI0008', '孙八', '', '5', '0', '0', '', '2019-02-30'],
  ['FI0001', '张一重复', '', '999', '0', '0', '', ''],
];

describe('file import of members', () => {
  it('dry-runs a csv row by row with Chinese reasons and the 本金/奖励 totals, writing nothing', async () => {
    const before = await countOf(t, 'members');
    const up = await uploadFile(t, owner, csv(FILE));
    expect(up.status).toBe(200);
    expect(up.data.mapping).toMatchObject({
      card_no: '卡号',
      name: '姓名',
      principal: '本金',
      bonus: '奖励',
    });
    const { r, job } = await check(owner, up.data);
    expect(r.status).toBe(200);
    expect(job.status).toBe('checked');
    expect(job.check).toMatchObject({
      rows: 9,
      create: 3,
      update: 0,
      skip: 6,
      principal_fen: 10850,
      bonus_fen: 2125,
      points: 15,
    });
    const reasons = Object.fromEntries(job.problems.map((p) => [p.row, p.reason]));
    expect(reasons[5]).toMatch(/^手机号格式不正确/);
    expect(reasons[6]).toMatch(/^身份证号码不正确/);
    expect(reasons[7]).toMatch(/^本金为负数/);
    expect(reasons[8]).toMatch(/^会员等级不存在：至尊会员/);
    expect(reasons[9]).toMatch(/^开卡日期不正确/);
    expect(reasons[10]).toMatch(/^文件内卡号重复/);
    expect(await countOf(t, 'members')).toBe(before);
    const { rows: sheet } = await xlsxRows(owner, `/api/v1/file_import_check_export?id=${job.id}`);
    expect(sheet[0]).toEqual(['行号', '结果', '原因']);
    expect(sheet.slice(1, -1).map((x) => x[0])).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('commits through the member ledger (ledger = balance), reconciles, and a second run creates nothing', async () => {
    const up = await uploadFile(t, owner, csv(FILE));
    await check(owner, up.data);
    const { r, job } = await commit(owner, up.data.id);
    expect(r.status).toBe(200);
    expect(job.status).toBe('done');
    expect(job.done).toMatchObject({ rows: 9, create: 3, principal_fen: 10850, bonus_fen: 2125 });
    const m = await rows<{
      name: string;
      principal_fen: string;
      bonus_fen: string;
      card_mask: string;
      remark: string;
    }>(
      t.database.db,
      sql`select name, principal_fen, bonus_fen, card_mask, remark from members where name in ('张一', '张二', '张三') order by name`,
    );
    expect(m.map((x) => [x.name, Number(x.principal_fen), Number(x.bonus_fen)])).toEqual([
      ['张一', 10050, 2000],
      ['张三', 800, 125],
      ['张二', 0, 0],
    ]);
    expect(m[0]!.remark).toBe('原系统开卡日期 2019-03-01');
    expect(await countOf(t, 'member_ledger', `kind = 'import'`)).toBe(3);
    await expectMemberLedgerMatches(t);
    const rec = await owner.get<{ lines: { item: string; ok: boolean }[] }>('/api/v1/file_import_reconcile', {
      id: job.id,
    });
    expect(rec.data.lines.every((l) => l.ok)).toBe(true);
    const { rows: sheet } = await xlsxRows(owner, `/api/v1/file_import_reconcile_export?id=${job.id}`);
    expect(sheet[0]).toEqual(['项目', '源文件（校验）', '已导入', '差异', '结果']);
    expect(sheet.find((x) => x[0] === '本金（元）')).toEqual(['本金（元）', 108.5, 108.5, 0, '一致']);

    // the same file again: every card exists with the same data, nothing is created or paid twice
    const again = await uploadFile(t, owner, csv(FILE));
    const c2 = await check(owner, again.data);
    expect(c2.job.check).toMatchObject({ create: 0, update: 0, skip: 9, principal_fen: 0 });
    expect((await commit(owner, again.data.id)).r.msg).toBe('校验结果中没有可导入的行');
    // a changed name updates the profile, never the balance
    const renamed = await uploadFile(
      t,
      owner,
      csv([MEMBER_HEADER, ['FI0001', '张一改', '', '999', '0', '0', '', '']]),
    );
    await check(owner, renamed.data);
    expect((await commit(owner, renamed.data.id)).job.done).toMatchObject({
      update: 1,
      create: 0,
      principal_fen: 0,
    });
    const one = await rows<{ principal_fen: string }>(
      t.database.db,
      sql`select principal_fen from members where name = '张一改'`,
    );
    expect(Number(one[0]!.principal_fen)).toBe(10050);
    expect(await countOf(t, 'member_ledger', `kind = 'import'`)).toBe(3);
    await expectMemberLedgerMatches(t);
  });

  it('carries the card status over: 挂失 and 禁用 land as such, a closed or unknown status is skipped', async () => {
    const up = await uploadFile(
      t,
      owner,
      csv([
        ['卡号', '姓名', '本金', '卡状态'],
        ['CS0001', '状态正常', '1', '正常'],
        ['CS0002', '状态挂失', '2', '挂失'],
        ['CS0003', '状态禁用', '3', '禁用'],
        ['CS0004', '状态空白', '4', ''],
        ['CS0005', '状态退卡', '5', '已退卡'],
      ]),
    );
    expect(up.data.mapping).toMatchObject({ card_status: '卡状态' });
    const { job } = await check(owner, up.data);
    expect(job.check).toMatchObject({ create: 4, skip: 1, principal_fen: 1000 });
    expect(job.problems).toEqual([
      expect.objectContaining({ row: 6, reason: expect.stringMatching(/^卡状态不正确：已退卡/) }),
    ]);
    await commit(owner, up.data.id);
    const got = await rows<{ name: string; status: number }>(
      t.database.db,
      sql`select name, status::int as status from members where name like '状态%' order by name`,
    );
    expect(Object.fromEntries(got.map((x) => [x.name, x.status]))).toEqual({
      状态正常: 1,
      状态挂失: 2,
      状态禁用: 3,
      状态空白: 1,
    });
    await expectMemberLedgerMatches(t);
  });

  it('reads xlsx (streamed) and GBK csv, and a legacy product preset maps its own headers', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('会员');
    ws.addRow([
      '会员卡号',
      '会员姓名',
      '联系电话',
      '账户余额',
      '赠送余额',
      '会员积分',
      '会员类型',
      '开卡时间',
    ]);
    ws.addRow(['XL0001', '表格一', '13700000001', 12.3, 1, 2, '', new Date(Date.UTC(2018, 4, 6))]);
    const x = await uploadFile(
      t,
      owner,
      Buffer.from(await wb.xlsx.writeBuffer()),
      { kind: 'member', preset: 'p10' },
      'a.xlsx',
    );
    expect(x.status).toBe(200);
    expect(x.data.mapping).toMatchObject({
      card_no: '会员卡号',
      principal: '账户余额',
      opened_on: '开卡时间',
    });
    const cx = await check(owner, x.data);
    expect(cx.job.check).toMatchObject({ create: 1, principal_fen: 1230, bonus_fen: 100 });

    const g = await uploadFile(
      t,
      owner,
      encodeGbk('上网卡号,用户姓名,手机号码,现金余额,奖励余额\nPW0001,国标一,13600000001,3,0\n'),
      { kind: 'member', preset: 'p7_pubwinol' },
    );
    expect(g.status).toBe(200);
    expect(g.data.headers).toEqual(['上网卡号', '用户姓名', '手机号码', '现金余额', '奖励余额']);
    expect((await check(owner, g.data)).job.check).toMatchObject({ create: 1, principal_fen: 300 });
  });

  it('imports goods: a missing category is created, a name the store has is skipped', async () => {
    const file = csv([
      ['商品名称', '分类', '单位', '售价', '会员价', '条码'],
      ['导入可乐', '导入饮料', '瓶', '3.5', '3', '6900000000011'],
      ['导入雪碧', '导入饮料', '', '3', '', ''],
      ['导入可乐', '导入饮料', '瓶', '4', '', ''],
      ['坏价格', '导入饮料', '瓶', 'abc', '', ''],
      ['贵会员', '导入饮料', '瓶', '2', '3', ''],
    ]);
    const up = await uploadFile(t, owner, file, { kind: 'goods', preset: 'generic' }, 'goods.csv');
    expect(up.status).toBe(200);
    const c = await check(owner, up.data);
    expect(c.job.check).toMatchObject({ rows: 5, create: 2, skip: 3 });
    const done = await commit(owner, up.data.id);
    expect(done.job.status).toBe('done');
    expect(await countOf(t, 'goods', `name in ('导入可乐', '导入雪碧')`)).toBe(2);
    expect(await countOf(t, 'goods_categories', `name = '导入饮料'`)).toBe(1);
  });
});

/** GBK bytes of simple Chinese text through the platform's own decoder (no encoder in Node). */
function encodeGbk(text: string): Buffer {
  const d = new TextDecoder('gbk');
  const table = new Map<string, number[]>();
  for (let hi = 0x81; hi <= 0xfe; hi++)
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = d.decode(new Uint8Array([hi, lo]));
      if (ch.length === 1 && !table.has(ch)) table.set(ch, [hi, lo]);
    }
  const out: number[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code < 0x80) out.push(code);
    else out.push(...(table.get(ch) ?? [0x3f]));
  }
  return Buffer.from(out);
}
