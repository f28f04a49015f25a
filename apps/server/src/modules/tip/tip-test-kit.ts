import type { MemberRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rows } from '../../db/client.ts';
import type { Client, TestApp } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';
import { tipBookMismatches } from './tip-books.ts';

/** The tip tests' own people: staff rows made in the database, members made and topped up through the API. */

let n = 0;
const uniq = () => `${Date.now().toString(36).slice(-5)}${++n}`;

export async function storeId(t: TestApp, name: string): Promise<number> {
  return (await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = ${name}`))[0]!.id;
}

/** A type-5 staff member whose home store is `nid` (status 0: disabled). */
export async function makeStaff(t: TestApp, nid: number, name: string, status = 1): Promise<number> {
  const u = await rows<{ id: number }>(
    t.database.db,
    sql`insert into users (user_name, password_hash, type, true_name, netbar_id, status)
        values (${`tipstaff_${uniq()}`}, 'x', 5, ${name}, ${nid}, ${status}) returning id`,
  );
  const id = u[0]!.id;
  await rows(
    t.database.db,
    sql`insert into staff (user_id, netbar_id, position) values (${id}, ${nid}, '服务员')`,
  );
  return id;
}

export const userId = async (t: TestApp, userName: string) =>
  (await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = ${userName}`))[0]!.id;

/** A member of the caller's store with `fen` of 本金 (plus whatever 奖励 the level's rule adds). */
export async function memberWith(c: Client, fen: number): Promise<MemberRow> {
  const m = await c.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `TP${uniq()}`,
    name: `打赏会员${n}`,
  });
  expect(m.status, m.msg).toBe(200);
  if (fen > 0) {
    const tp = await c.post('/api/v1/member_topup', {
      member_id: m.data.id,
      amount_fen: fen,
      pay_method: 'cash',
      request_id: rid(),
    });
    expect(tp.status, tp.msg).toBe(200);
  }
  return (await c.get<MemberRow>('/api/v1/member_detail', { id: m.data.id })).data;
}

/** Grants ids to a user directly (the staff screen's job; here only the effect matters). */
export async function grant(t: TestApp, user: number, ...perms: number[]) {
  for (const p of perms)
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) values (${user}, ${p}) on conflict do nothing`,
    );
}

export async function expectTipBooksBalance(t: TestApp) {
  expect(await tipBookMismatches(t.database.db)).toEqual([]);
}
