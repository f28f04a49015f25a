import { type CommissionRuleRow, PERM } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count } from '../../test/kit.ts';

let t: TestApp;
let owner: Client;
let cashierId: number;
let demoRules: { store: string; target: string; kind: string; rate_bp: number; amount_fen: number }[];
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  demoRules = await rows(
    t.database.db,
    sql`select n.name as store, coalesce(r.role, u.true_name) as target, r.kind, r.rate_bp, r.amount_fen
        from commission_rules r join netbars n on n.id = r.netbar_id left join users u on u.id = r.user_id
        order by n.id, r.id`,
  );
  // the demo's rules (demo/commission.ts) are cleared: each test sets the rules it counts on
  await rows(t.database.db, sql`delete from commission_rules`);
  const r = await rows<{ id: number }>(
    t.database.db,
    sql`select id from users where user_name = 'demo_netbar_staff'`,
  );
  cashierId = Number(r[0]!.id);
});
afterAll(() => t.close());

const save = (b: Record<string, unknown>, c: Client = owner) =>
  c.post<CommissionRuleRow>('/api/v1/commission_rule_save', {
    target_type: 'role',
    role: '收银员',
    kind: 'goods_pct',
    rate_bp: 500,
    start_day: '2031-01-01',
    ...b,
  });
const rules = () => count(t, 'commission_rules');

describe('commission rules (246)', () => {
  it('the demo gives each store of 星际网咖 its rules, and 小陈 a rule in person', () => {
    expect(new Set(demoRules.map((r) => r.store))).toEqual(
      new Set(['星际网咖旗舰店', '星际网咖二店', '星际网咖三店']),
    );
    const flagship = demoRules.filter((r) => r.store === '星际网咖旗舰店');
    expect(flagship).toContainEqual({
      store: '星际网咖旗舰店',
      target: '收银员',
      kind: 'goods_pct',
      rate_bp: 500,
      amount_fen: 0,
    });
    expect(flagship).toContainEqual({
      store: '星际网咖旗舰店',
      target: '收银员',
      kind: 'topup_fixed',
      rate_bp: 0,
      amount_fen: 100,
    });
    expect(flagship).toContainEqual({
      store: '星际网咖旗舰店',
      target: '小陈',
      kind: 'goods_pct',
      rate_bp: 600,
      amount_fen: 0,
    });
  });

  it('adds role and person rules, edits one, lists them and deletes one', async () => {
    const a = await save({ remark: '收银员商品提成' });
    expect(a.status, a.msg).toBe(200);
    expect(a.data).toMatchObject({
      target_type: 'role',
      role: '收银员',
      user_id: null,
      kind: 'goods_pct',
      rate_bp: 500,
      amount_fen: 0,
      start_day: '2031-01-01',
      end_day: null,
    });
    // a fixed amount per top-up for one person; the percentage field of a fixed kind is ignored
    const p = await save({
      target_type: 'person',
      user_id: cashierId,
      role: undefined,
      kind: 'topup_fixed',
      rate_bp: 300,
      amount_fen: 100,
    });
    expect(p.status, p.msg).toBe(200);
    expect(p.data).toMatchObject({
      user_id: cashierId,
      user_name: '小陈',
      role: null,
      rate_bp: 0,
      amount_fen: 100,
    });
    const e = await save({ id: a.data.id, rate_bp: 1250, end_day: '2031-06-30' });
    expect(e.data).toMatchObject({ rate_bp: 1250, end_day: '2031-06-30' });
    const list = await owner.get<{ list: CommissionRuleRow[]; count: number }>(
      '/api/v1/commission_rule_list',
      {
        kind: 'goods_pct',
      },
    );
    expect(list.data.list.map((r) => [r.id, r.rate_bp])).toEqual([[a.data.id, 1250]]);
    const staff = await owner.get<{ id: number; name: string; role: string }[]>(
      '/api/v1/commission_staff_options',
    );
    expect(staff.data).toContainEqual({ id: cashierId, name: '小陈', role: '收银员' });
    const del = await owner.post('/api/v1/commission_rule_delete', { id: p.data.id });
    expect(del.msg).toBe('删除成功');
    expect((await owner.get('/api/v1/commission_rule_detail', { id: p.data.id })).status).toBe(40004);
  });

  it('refuses a rule overlapping another of the same target and kind, also two saved at once', async () => {
    const first = await save({ kind: 'lease_pct', start_day: '2032-01-01', end_day: '2032-03-31' });
    expect(first.status, first.msg).toBe(200);
    const before = await rules();
    const clash = await save({ kind: 'lease_pct', start_day: '2032-03-31' });
    expect(clash.status).toBe(40009);
    expect(clash.msg).toBe(
      '与已有规则（2032-01-01至2032-03-31）的生效期重叠，同一对象的同一提成方式同一天只能有一条规则',
    );
    // open-ended before it, and an edit of another rule into its days
    expect((await save({ kind: 'lease_pct', start_day: '2031-05-01' })).status).toBe(40009);
    expect(await rules()).toBe(before);
    // the day after it, another role, and a person are other targets or days
    expect((await save({ kind: 'lease_pct', start_day: '2032-04-01' })).status).toBe(200);
    expect((await save({ kind: 'lease_pct', role: '网管', start_day: '2032-02-01' })).status).toBe(200);
    const later = await save({ kind: 'lease_pct', role: '服务员', start_day: '2033-01-01' });
    const moved = await save({ id: later.data.id, kind: 'lease_pct', role: '网管', start_day: '2031-12-01' });
    expect(moved.status).toBe(40009);
    // two concurrent saves of the same days: one is written
    const n = await rules();
    const both = await Promise.all([
      save({ kind: 'desk_pct', start_day: '2032-01-01' }),
      save({ kind: 'desk_pct', start_day: '2032-06-01', end_day: '2032-06-30' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 40009]);
    expect(await rules()).toBe(n + 1);
  });

  it('the database refuses an overlapping rule written past the service', async () => {
    const nid = (
      await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
    )[0]!.id;
    const put = (start: string) =>
      t.database.db.execute(
        sql`insert into commission_rules (netbar_id, target_type, role, kind, rate_bp, start_day)
            values (${nid}, 'role', '店长', 'goods_pct', 100, ${start}::date)`,
      );
    await put('2040-01-01');
    await expect(put('2041-01-01')).rejects.toThrow();
  });

  it('refuses percentages over 100, negative amounts, impossible dates and missing fields, writing nothing', async () => {
    const before = await rules();
    const msgs = [
      (await save({ rate_bp: 10001 })).msg,
      (await save({ rate_bp: -1 })).msg,
      (await save({ rate_bp: 5.5 })).msg,
      (await save({ rate_bp: 'abc' })).msg,
      (await save({ kind: 'new_member_fixed', amount_fen: -100 })).msg,
      (await save({ kind: 'new_member_fixed', amount_fen: 100001 })).msg,
      (await save({ kind: 'new_member_fixed', amount_fen: undefined })).msg,
      (await save({ rate_bp: undefined })).msg,
      (await save({ start_day: '2031-02-30' })).msg,
      (await save({ start_day: '' })).msg,
      (await save({ start_day: '2031-03-01', end_day: '2031-02-28' })).msg,
      (await save({ role: '厨师' })).msg,
      (await save({ role: undefined })).msg,
      (await save({ target_type: 'person', role: undefined })).msg,
      (await save({ kind: 'tips' })).msg,
    ];
    expect(msgs).toEqual([
      '提成比例不能超过100%',
      '提成比例不能为负数',
      '提成比例最多两位小数',
      '提成比例须为数字',
      '提成金额不能为负数',
      '提成金额不能超过1000元',
      '请填写提成金额',
      '请填写提成比例',
      '日期不存在或格式不正确（YYYY-MM-DD）',
      '请选择生效日期',
      '截止日期不能早于生效日期',
      '请选择岗位',
      '请选择岗位',
      '请选择员工',
      '请选择提成方式',
    ]);
    expect(await rules()).toBe(before);
  });

  it('answers another netbar’s staff and rules as absent, and lets only the owner write', async () => {
    const other = await t.as(DEMO.netbar2);
    const mine = await save({ kind: 'seat_delivery_fixed', amount_fen: 50 });
    const before = await rules();
    // the flagship's cashier is no staff member of 极速网吧; the flagship's rule is not 极速网吧's
    const person = await save({ target_type: 'person', user_id: cashierId, role: undefined }, other);
    expect([person.status, person.msg]).toEqual([40004, '员工不存在']);
    expect((await save({ id: mine.data.id, kind: 'seat_delivery_fixed', amount_fen: 1 }, other)).status).toBe(
      40004,
    );
    expect((await other.post('/api/v1/commission_rule_delete', { id: mine.data.id })).status).toBe(40004);
    expect((await other.get('/api/v1/commission_rule_detail', { id: mine.data.id })).status).toBe(40004);
    const theirs = await other.get<{ list: CommissionRuleRow[] }>('/api/v1/commission_rule_list');
    expect(theirs.data.list.map((r) => r.id)).not.toContain(mine.data.id);
    // a staff member holding 246 reads the rules that pay them, and cannot write
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) values (${cashierId}, ${PERM.STAFF_PERFORMANCE}) on conflict do nothing`,
    );
    const staff = await t.as(DEMO.netbarStaff);
    const read = await staff.get<{ list: CommissionRuleRow[] }>('/api/v1/commission_rule_list');
    expect(read.status, read.msg).toBe(200);
    expect(read.data.list.every((r) => r.role === '收银员' || r.user_id === cashierId)).toBe(true);
    expect(read.data.list.some((r) => r.role === '网管')).toBe(false);
    const w = await save({ kind: 'seat_delivery_fixed', amount_fen: 1, start_day: '2050-01-01' }, staff);
    expect([w.status, w.msg]).toEqual([40003, '只有网吧老板可以设置提成规则']);
    expect((await staff.post('/api/v1/commission_rule_delete', { id: mine.data.id })).status).toBe(40003);
    expect((await staff.get('/api/v1/commission_staff_options')).status).toBe(40003);
    expect(
      (await other.get<{ id: number }[]>('/api/v1/commission_staff_options')).data.map((x) => x.id),
    ).not.toContain(cashierId);
    // other user types never reach the rules
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/commission_rule_list')).status).toBe(40003);
    expect(await rules()).toBe(before);
  });
});
