import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches } from '../../test/kit.ts';
import { memberRace } from '../../test/member-race.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectMemberLedgerMatches(t);
  await t.close();
});

describe('one member balance under concurrency', () => {
  it('200 concurrent consumptions on a balance that covers 80: 80 succeed, 120 are refused, ledger = balance', async () => {
    const nid = (
      await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '星际网咖旗舰店'`)
    )[0]!.id;
    const r = await memberRace(t.database.db, nid);
    expect(r.other).toEqual([]);
    expect([r.ok, r.refused]).toEqual([80, 120]);
    expect(r.consumeRows).toBe(80);
    expect(r.balance).toBe(0);
    expect(r.ledger).toBe(r.balance);
  }, 120_000);
});
