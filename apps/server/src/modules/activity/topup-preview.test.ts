import type { MemberMoveResult, TopUpPreview } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { membersWithPoints, storeId } from './activity-test-kit.ts';

/** 会员充值's preview shows the promotion the top-up will join, by the top-up's own choice (decision 187). */

let t: TestApp;
let owner: Client;
let nid = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

const preview = (c: Client, member_id: unknown, amount_fen: unknown) =>
  c.get<TopUpPreview>('/api/v1/member_topup_preview', { member_id, amount_fen } as Record<string, string>);
const written = async (m: number) =>
  (await countOf(t, 'member_ledger', `member_id = ${m}`)) +
  (await countOf(t, 'activity_claims', `member_id = ${m}`));

describe('top-up preview', () => {
  it("names the demo's running 充100送20 before the top-up, pays nothing, and the top-up pays what it showed", async () => {
    const [m] = await membersWithPoints(t, nid, 1, 0);
    const before = await written(m!);
    const p = await preview(owner, m, 10_000);
    expect(p.status, p.msg).toBe(200);
    expect(p.data.promotion).toMatchObject({ prize_name: '充100送20', bonus_fen: 2_000, mode: 'tier' });
    expect(await written(m!)).toBe(before);
    // below the lowest tier: none
    expect((await preview(owner, m, 5_000)).data.promotion).toBeNull();

    const top = await owner.post<MemberMoveResult>('/api/v1/member_topup', {
      member_id: m,
      amount_fen: 10_000,
      request_id: rid(),
    });
    expect(top.status, top.msg).toBe(200);
    expect(top.data.promotion).toEqual(p.data.promotion);
  });

  it('refuses another store, another user type and bad input in Chinese', async () => {
    const [m] = await membersWithPoints(t, nid, 1, 0);
    const other = await t.as(DEMO.netbar2);
    expect((await preview(other, m, 10_000)).status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect((await preview(agent, m, 10_000)).status).toBe(40003);
    const zero = await preview(owner, m, 0);
    expect(zero.status).toBe(40000);
    expect(zero.msg).toMatch(/充值金额/);
    const none = await preview(owner, '', 10_000);
    expect(none.status).toBe(40000);
    expect(none.msg).toBe('请选择会员');
    expect((await preview(owner, 99_999_999, 10_000)).status).toBe(40004);
  });
});
