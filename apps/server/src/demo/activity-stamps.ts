import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * The engine stamps what it writes with the database's now() (decision 180's gap): the demo, which calls it
 * with `now` set to each claim's moment in the past, notes that moment for the claim and, once its calls are
 * done, moves the rows of those claims there (decision 187) — the claim, the member ledger rows it paid or
 * took (`act:<request id>`), its draw, its gift-code use, a 赛事 result — so 参与记录, 奖品统计 and the
 * member's ledger agree on when it happened. The ledgers are append-only: as the stock demo dates its
 * history (demo/counter-stock.ts), the guards are lifted in that one transaction only. The running figures
 * are untouched (a ledger chains by id).
 */
export class ClaimStamps {
  private readonly claims: { which: SQL; at: Date }[] = [];
  private readonly results: { id: number; at: Date }[] = [];

  /** The claims of the store matching `which` (a condition on activity_claims) happened at `at`. */
  claim(which: SQL, at: Date) {
    this.claims.push({ which, at });
  }

  /** A 赛事 result reported at `at`, and the task rewards it paid. */
  result(id: number, at: Date) {
    this.results.push({ id, at });
    this.claim(sql`id in (select claim_id from game_task_payouts where result_id = ${id})`, at);
  }

  async apply(db: Db, nid: number) {
    if (!this.claims.length) return;
    const guards = [
      ['activity_claims', 'activity_claims_no_change'],
      ['activity_draws', 'activity_draws_no_change'],
      ['activity_code_uses', 'activity_code_uses_no_change'],
      ['member_ledger', 'member_ledger_no_change'],
    ];
    await db.transaction(async (tx) => {
      for (const [table, trigger] of guards)
        await tx.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
      for (const r of this.results)
        await rows(
          tx,
          sql`update game_results set at = ${r.at.toISOString()}::timestamptz where id = ${r.id} and netbar_id = ${nid}`,
        );
      for (const c of this.claims) {
        const ts = c.at.toISOString();
        const ids = await rows<{ id: number }>(
          tx,
          sql`update activity_claims set at = ${ts}::timestamptz where netbar_id = ${nid} and (${c.which}) returning id`,
        );
        if (!ids.length) continue;
        const list = sql.join(
          ids.map((x) => sql`${Number(x.id)}`),
          sql`, `,
        );
        await rows(
          tx,
          sql`update member_ledger l set at = ${ts}::timestamptz from activity_claims c
              where c.id in (${list}) and l.pool_id = c.pool_id and l.member_id = c.member_id
                and (l.request_id = 'act:' || c.request_id or l.id = c.member_ledger_id)`,
        );
        await rows(tx, sql`update activity_draws set at = ${ts}::timestamptz where claim_id in (${list})`);
        await rows(
          tx,
          sql`update activity_code_uses set at = ${ts}::timestamptz where claim_id in (${list})`,
        );
      }
      for (const [table, trigger] of guards)
        await tx.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    });
  }
}
