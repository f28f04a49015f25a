import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { BizError } from '../lib/errors.ts';
import { saveMember } from '../modules/member/member.service.ts';
import { cardCipher, DEV_MEMBER_FIELD_KEY } from '../modules/member/member-crypto.ts';
import { saveLevel } from '../modules/member/member-level.service.ts';
import { consumeMember, topUp } from '../modules/member/member-money.service.ts';
import { systemStoreScope } from '../tenant/index.ts';

/**
 * The member-balance race of issue 12 (test and bench/member-balance.ts): `n` consumptions of `price`
 * fire at once on one member whose 本金 covers `covers` of them (no 奖励, no overdraft). Exactly
 * `covers` may succeed, the rest must be refused with 会员余额不足, and the ledger must equal the balance.
 */
export async function memberRace(db: Db, nid: number, o = { n: 200, covers: 80, price: 100 }) {
  const s = systemStoreScope(nid);
  const actor = { id: 0, name: '并发测试' };
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const level = await saveLevel(db, s, {
    name: `并发${tag}`.slice(0, 20),
    threshold_fen: 100_000_000,
    rate_discount: 100,
    member_price: false,
    points_per_yuan: 0,
    bonus_rules: [],
    overdraft_fen: 0,
  });
  const m = await saveMember({ db, cipher: cardCipher(DEV_MEMBER_FIELD_KEY) }, s, actor, {
    card_kind: 2,
    card_no: `RACE${tag}`,
    name: '并发测试会员',
    level_id: level.id,
  });
  await topUp(db, s, actor, {
    member_id: m.id,
    amount_fen: o.covers * o.price,
    pay_method: 'cash',
    request_id: `race-top-${tag}`,
  });
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: o.n }, (_, i) =>
      consumeMember(db, s, actor, { member_id: m.id, amount_fen: o.price, request_id: `race-${tag}-${i}` }),
    ),
  );
  const ms = performance.now() - started;
  const ok = results.filter((r) => r.status === 'fulfilled').length;
  const refused = results.filter(
    (r) =>
      r.status === 'rejected' && r.reason instanceof BizError && r.reason.message.startsWith('会员余额不足'),
  ).length;
  const other = results
    .filter(
      (r) =>
        r.status === 'rejected' &&
        !(r.reason instanceof BizError && r.reason.message.startsWith('会员余额不足')),
    )
    .map((r) => String((r as PromiseRejectedResult).reason));
  const fig = (
    await rows<{ balance: number; ledger: number; rows: number }>(
      db,
      sql`select m.principal_fen::float8 + m.bonus_fen::float8 as balance,
            (select coalesce(sum(principal_delta + bonus_delta), 0)::float8 from member_ledger where member_id = m.id) as ledger,
            (select count(*)::int from member_ledger where member_id = m.id and kind = 'consume') as rows
          from members m where m.id = ${m.id}`,
    )
  )[0]!;
  return {
    ok,
    refused,
    other,
    balance: Number(fig.balance),
    ledger: Number(fig.ledger),
    consumeRows: Number(fig.rows),
    ms,
  };
}
