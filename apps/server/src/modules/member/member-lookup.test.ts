import type { MemberRow } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/** The counter's member lookup (member_lookup): the cashier's 收银台 attaches a member with 264, not 180. */
let t: TestApp;
let owner: Client;
let staff: Client;
const card = `L${Date.now().toString().slice(-9)}`;
let member: MemberRow;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
  const r = await owner.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: card,
    name: '查找会员',
    mobile: '13912340001',
  });
  expect(r.status, r.msg).toBe(200);
  member = r.data;
});
afterAll(() => t.close());

const lookup = (c: Client, q: string) => c.get<{ list: MemberRow[] }>('/api/v1/member_lookup', { q });

describe('member_lookup at the counter', () => {
  it('finds a member by the full card number (masked in the answer) or the mobile, for a cashier holding 264 only', async () => {
    // the demo cashier holds 购物订单 264 but not 会员管理 180
    expect((await staff.get('/api/v1/member_list', { keyword: '查找会员' })).status).toBe(40003);
    const byCard = await lookup(staff, card);
    expect(byCard.status, byCard.msg).toBe(200);
    expect(byCard.data.list.map((m) => m.id)).toEqual([member.id]);
    expect(JSON.stringify(byCard.data)).not.toContain(card);
    expect((await lookup(staff, '13912340001')).data.list[0]?.id).toBe(member.id);
  });

  it("refuses other user types, and another store's owner does not find this store's member", async () => {
    expect((await lookup(await t.as(DEMO.agent), card)).status).toBe(40003);
    const other = await lookup(await t.as(DEMO.netbar2), card);
    expect(other.status).toBe(200);
    expect(other.data.list).toEqual([]);
  });

  it('refuses an empty or too long query in Chinese', async () => {
    const empty = await lookup(staff, '  ');
    expect(empty.status).toBe(40000);
    expect(empty.msg).toBe('请输入卡号或手机号');
    expect((await lookup(staff, 'x'.repeat(51))).msg).toBe('卡号或手机号最多50个字符');
  });
});
