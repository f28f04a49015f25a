import type { MemberRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, countOf, expectMemberLedgerMatches, xlsxRows } from '../../test/kit.ts';

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
});

let n = 0;
const card = () => `T${Date.now().toString().slice(-8)}${++n}`;
const add = (c: Client, extra: Record<string, unknown> = {}) =>
  c.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: card(),
    name: '测试会员',
    mobile: '13912345678',
    ...extra,
  });

describe('members', () => {
  it('adds a member with its card encrypted at rest and masked everywhere; the owner reveals it on purpose', async () => {
    const r = await add(owner, { card_kind: 1, card_no: '11010519491231002X', name: '王小明' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.card_mask).toBe('110***********002X');
    expect(r.data.level_name).not.toBe('');
    const stored = await rows<{ card_enc: string; card_hmac: string }>(
      t.database.db,
      sql`select card_enc, card_hmac from members where id = ${r.data.id}`,
    );
    expect(stored[0]!.card_enc).toMatch(/^v1:/);
    expect(stored[0]!.card_enc).not.toContain('11010519491231002X');
    expect(stored[0]!.card_hmac).toMatch(/^[0-9a-f]{64}$/);
    const list = await owner.get<{ list: MemberRow[] }>('/api/v1/member_list', { keyword: '王小明' });
    expect(list.data.list[0]!.card_mask).toBe('110***********002X');
    expect(JSON.stringify(list.data)).not.toContain('11010519491231002X');
    const logs = await count(t, 'operation_log');
    const rev = await owner.post<{ card_no: string }>('/api/v1/member_card_reveal', { id: r.data.id });
    expect(rev.data.card_no).toBe('11010519491231002X');
    expect(await count(t, 'operation_log')).toBe(logs + 1);
    expect(await countOf(t, 'operation_log', `action = '查看会员完整卡号' and result = 'success'`)).toBe(1);
  });

  it('refuses the same card twice in a pool (the HMAC is the lookup), in any letter case', async () => {
    const no = card();
    expect((await add(owner, { card_no: no })).status).toBe(200);
    const again = await add(owner, { card_no: no.toLowerCase() });
    expect(again.status).toBe(40009);
    expect(again.msg).toBe('该卡号已登记为会员');
  });

  it('edits, then 挂失 / 解挂 / 禁用 / 启用 with refusals of the wrong transition', async () => {
    const m = (await add(owner)).data;
    const e = await owner.post<MemberRow>('/api/v1/member_save', {
      id: m.id,
      card_kind: 2,
      name: '改名',
      remark: '常客',
    });
    expect(e.data.name).toBe('改名');
    expect(e.data.card_mask).toBe(m.card_mask);
    const st = (action: string) => owner.post<MemberRow>('/api/v1/member_status', { id: m.id, action });
    expect((await st('lose')).data.status).toBe(2);
    expect((await st('lose')).msg).toBe('只有正常状态的会员卡可以挂失');
    expect((await st('unlose')).data.status).toBe(1);
    expect((await st('disable')).data.status).toBe(3);
    expect((await st('unlose')).msg).toBe('该会员卡未挂失');
    expect((await st('enable')).data.status).toBe(1);
  });

  it('filters by level, status, balance and store, and exports the same rows masked', async () => {
    const res = await owner.get<{ list: MemberRow[]; count: number; stores: { id: number }[] }>(
      '/api/v1/member_list',
      {
        status: 1,
        balance_min_fen: 0,
        page_size: 50,
      },
    );
    expect(res.status, res.msg).toBe(200);
    expect(res.data.list.every((m) => m.status === 1)).toBe(true);
    expect(res.data.stores.length).toBeGreaterThan(0);
    const x = await xlsxRows(owner, '/api/v1/member_export?status=1');
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows[0]![0]).toBe('卡号');
    expect(x.rows.length).toBe(res.data.count + 2);
    expect(x.rows.slice(1, -1).every((r) => String(r[0]).includes('*'))).toBe(true);
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await count(t, 'members');
    const cases: [Record<string, unknown>, string][] = [
      [{ card_kind: 2, name: '甲' }, '请输入卡号'],
      [{ card_kind: 1, card_no: '110105194912310021', name: '甲' }, '身份证号码不正确'],
      [{ card_kind: 2, card_no: 'ab', name: '甲' }, '卡号为4-32位字母或数字'],
      [{ card_kind: 2, card_no: card(), name: '甲'.repeat(21) }, '姓名为1-20个字符'],
      [{ card_kind: 2, card_no: card(), name: '甲', mobile: '12345' }, '手机号格式不正确'],
      [{ card_kind: 3, card_no: card(), name: '甲' }, '请选择证件类型'],
      [{ card_kind: 2, card_no: card(), name: '甲', level_id: 'x' }, '请选择会员等级'],
    ];
    for (const [body, msg] of cases) {
      const r = await owner.post('/api/v1/member_save', body);
      expect(r.status, JSON.stringify(body)).toBe(40000);
      expect(r.msg).toBe(msg);
    }
    expect(await count(t, 'members')).toBe(before);
  });

  it("another store cannot read or write this store's member (40004); staff need the grant and never reveal", async () => {
    const m = (await add(owner)).data;
    const other = await t.as(DEMO.netbar2);
    expect((await other.get('/api/v1/member_detail', { id: m.id })).status).toBe(40004);
    expect((await other.post('/api/v1/member_status', { id: m.id, action: 'lose' })).status).toBe(40004);
    expect((await other.post('/api/v1/member_card_reveal', { id: m.id })).status).toBe(40004);
    expect(
      (await other.get<{ list: unknown[] }>('/api/v1/member_list', { keyword: m.name })).data.list.length,
    ).toBe(0);
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get('/api/v1/member_list')).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 180 from users where user_name = 'demo_netbar_staff' on conflict do nothing`,
    );
    const staff2 = await t.as(DEMO.netbarStaff);
    expect((await staff2.get('/api/v1/member_detail', { id: m.id })).data).toMatchObject({
      card_mask: m.card_mask,
    });
    const rev = await staff2.post('/api/v1/member_card_reveal', { id: m.id });
    expect(rev.status).toBe(40003);
    for (const who of [DEMO.admin, DEMO.agent]) {
      const c = await t.as(who);
      expect((await c.get('/api/v1/member_list')).status).toBe(40003);
    }
  });
});
