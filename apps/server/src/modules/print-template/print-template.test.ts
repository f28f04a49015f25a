import { builtinTemplate, type PrintTemplateRow, renderReceipt, SAMPLE_RECEIPT_DATA } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf } from '../../test/kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const save = (b: Record<string, unknown>, c: Client = owner) =>
  c.request<PrintTemplateRow>(
    'POST',
    '/api/v1/print_template_save',
    { kind: 'sale', paper_mm: 58, fields: builtinTemplate('sale').fields, ...b },
    { json: true },
  );
const printed = (kind: string, c: Client = owner) =>
  c.get<PrintTemplateRow>('/api/v1/print_template_default', { kind });
const defaults = (nid: string) =>
  rows<{ template_id: number }>(
    t.database.db,
    sql`select d.template_id from print_template_defaults d join netbars n on n.id = d.netbar_id
        where n.name = ${nid} and d.kind = 'sale'`,
  );

describe('receipt templates (10523)', () => {
  it('prints with the built-in template until the store saves a default; one default per kind', async () => {
    const b = await printed('lease');
    expect(b.status, b.msg).toBe(200);
    expect(b.data).toMatchObject({ builtin: true, id: 0, kind: 'lease', paper_mm: 58, title: '租赁单' });
    const a = await save({
      name: '小票A',
      paper_mm: 80,
      title: '星际网咖',
      footer: '谢谢惠顾',
      is_default: true,
    });
    expect(a.status, a.msg).toBe(200);
    expect(a.data).toMatchObject({ is_default: true, paper_mm: 80, builtin: false });
    const bb = await save({ name: '小票B', is_default: true });
    expect((await printed('sale')).data.id).toBe(bb.data.id);
    const list = await owner.get<PrintTemplateRow[]>('/api/v1/print_template_list', { kind: 'sale' });
    expect(list.data.map((x) => [x.name, x.is_default])).toEqual([
      ['小票A', false],
      ['小票B', true],
    ]);
    const set = await owner.post<PrintTemplateRow>('/api/v1/print_template_set_default', { id: a.data.id });
    expect(set.data.is_default).toBe(true);
    expect(await defaults('星际网咖旗舰店')).toEqual([{ template_id: a.data.id }]);
    // what the counter prints is what the preview renders
    const p = (await printed('sale')).data;
    const out = renderReceipt(p, SAMPLE_RECEIPT_DATA.sale);
    expect(out.columns).toBe(48);
    expect(out.lines[0]!.text.trim()).toBe('星际网咖');
    expect(out.lines.at(-1)!.text.trim()).toBe('谢谢惠顾');
    // deleting the default falls back to the built-in template
    expect((await owner.post('/api/v1/print_template_delete', { id: a.data.id })).status).toBe(200);
    expect((await printed('sale')).data.builtin).toBe(true);
  });

  it('concurrent set-default calls leave exactly one default', async () => {
    const ids: number[] = [];
    for (const name of ['并发1', '并发2', '并发3', '并发4']) ids.push((await save({ name })).data.id);
    const answers = await Promise.all(
      ids.map((id) => owner.post('/api/v1/print_template_set_default', { id })),
    );
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const d = await defaults('星际网咖旗舰店');
    expect(d.length).toBe(1);
    expect(ids).toContain(d[0]!.template_id);
    const list = await owner.get<PrintTemplateRow[]>('/api/v1/print_template_list', { kind: 'sale' });
    expect(list.data.filter((x) => x.is_default).length).toBe(1);
  });

  it('refuses fields of another kind, 76 mm paper, a changed kind, a duplicate name, with nothing written', async () => {
    const before = await count(t, 'print_templates');
    const x = await save({ name: '坏模板', fields: [{ key: 'shift_no', show: true, align: 'left' }] });
    expect(x.msg).toBe('销售小票没有该字段');
    expect((await save({ name: '坏模板', paper_mm: 76 })).msg).toBe('纸张宽度只能是58mm或80mm');
    expect((await save({ name: '坏模板', fields: [] })).msg).toBe('请至少显示一个打印字段');
    expect((await save({ name: '坏模板', header: 'x'.repeat(201) })).msg).toBe('页眉最多200个字符');
    const ok = await save({ name: '交班单', kind: 'handover', fields: builtinTemplate('handover').fields });
    expect(ok.status, ok.msg).toBe(200);
    const after = before + 1;
    expect((await save({ id: ok.data.id, name: '交班单' })).msg).toBe('模板类型不能修改');
    const dup = await save({ name: '交班单', kind: 'handover', fields: builtinTemplate('handover').fields });
    expect(dup.status).toBe(40009);
    expect(dup.msg).toBe('已有同名模板');
    expect(await count(t, 'print_templates')).toBe(after);
  });

  it('refuses another store’s template (40004), staff without 10523 and agents (40003); staff may print', async () => {
    const mine = await save({ name: '本店模板' });
    const other = await t.as(DEMO.netbar2);
    expect((await other.get('/api/v1/print_template_detail', { id: mine.data.id })).status).toBe(40004);
    expect((await other.post('/api/v1/print_template_set_default', { id: mine.data.id })).status).toBe(40004);
    expect((await other.post('/api/v1/print_template_delete', { id: mine.data.id })).status).toBe(40004);
    expect((await save({ id: mine.data.id, name: '抢改' }, other)).status).toBe(40004);
    expect(await countOf(t, 'print_templates', `name = '抢改'`)).toBe(0);
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get('/api/v1/print_template_list')).status).toBe(40003);
    expect((await save({ name: '员工模板' }, staff)).status).toBe(40003);
    expect((await printed('sale', staff)).status).toBe(200);
    const agent = await t.as(DEMO.agent);
    expect((await printed('sale', agent)).status).toBe(40003);
  });
});
