// Seeds bench/terminal-load.ts's stores in its own PostgreSQL database with a few set-based inserts:
// per store a netbar of the demo agent, its owner (type 3, the demo password, for the console socket),
// its server key, one area of `machines` machines (A001...), a level, a store-wide rate plan, and
// `members` members with a top-up each (one ledger row, so every balance is its ledger's sum). One member
// in ten holds only a minute and a half's money, so sessions also end by themselves (余额不足) in the run
// and such a member's next logon is refused.
import { maskCard, type RateRules } from '@netbar/contract';
import type pg from 'pg';
import { sha256 } from '../apps/server/src/lib/crypto.ts';
import { cardCipher } from '../apps/server/src/modules/member/member-crypto.ts';

export interface LoadStore {
  id: number;
  user: string;
  key: string;
  cards: string[];
}

/** 6 yuan an hour: 10 fen a minute. */
export const LOAD_RULES: RateRules = { price_per_hour_fen: 600, bands: [], packages: [], min_charge_fen: 0 };
export const RICH_FEN = 10_000;
/** A minute and a half: the first minute at logon, then the session ends by itself (余额不足) at its second. */
export const POOR_FEN = 15;

export async function seedLoadStores(
  c: pg.Client,
  size: { stores: number; machines: number; members: number },
  memberKey: string,
): Promise<LoadStore[]> {
  const cipher = cardCipher(memberKey);
  const base = (
    await c.query(
      `select (select agent_id from users where user_name = 'demo_agent') as agent,
              (select password_hash from users where user_name = 'demo_netbar') as hash`,
    )
  ).rows[0] as { agent: number; hash: string };
  const ids = (
    await c.query(
      `insert into netbars (name, agent_id, machine_count, expire_at, province, city)
       select '压测门店' || g, $1, $2, now() + interval '1 year', '上海市', '上海市' from generate_series(1, $3) g
       returning id`,
      [base.agent, size.machines, size.stores],
    )
  ).rows.map((r) => Number(r.id));
  const stores: LoadStore[] = ids.map((id, i) => ({
    id,
    user: `load_store_${i + 1}`,
    key: `load-server-key-${id}-${process.pid}`,
    cards: Array.from({ length: size.members }, (_, j) => `LD${id}N${String(j + 1).padStart(4, '0')}`),
  }));
  await c.query('update netbars set pid = id where id = any($1)', [ids]);
  await c.query(
    `with u as (
       insert into users (user_name, password_hash, type, true_name, netbar_id)
       select s.u, $1, 3, '压测店长', s.id from unnest($2::text[], $3::int[]) s(u, id) returning id, netbar_id)
     update netbars n set owner_user_id = u.id from u where n.id = u.netbar_id`,
    [base.hash, stores.map((s) => s.user), ids],
  );
  await c.query(
    `insert into netbar_agent_info (netbar_id, server_key_hash, server_key_at)
     select id, h, now() from unnest($1::int[], $2::text[]) s(id, h)`,
    [ids, stores.map((s) => sha256(s.key))],
  );
  await c.query(`insert into venue_areas (netbar_id, name) select id, '大厅' from unnest($1::int[]) id`, [
    ids,
  ]);
  await c.query(
    `insert into machines (netbar_id, area_id, name)
     select a.netbar_id, a.id, 'A' || lpad(g::text, 3, '0') from venue_areas a, generate_series(1, $2) g
     where a.netbar_id = any($1) order by a.netbar_id, g`,
    [ids, size.machines],
  );
  await c.query(`insert into member_levels (pool_id, name) select id, '普通会员' from unnest($1::int[]) id`, [
    ids,
  ]);
  await c.query(
    `insert into rate_plans (netbar_id, name, rules, updated_by) select id, '压测标准', $2::jsonb, '压测'
     from unnest($1::int[]) id`,
    [ids, JSON.stringify(LOAD_RULES)],
  );
  const all = stores.flatMap((s) =>
    s.cards.map((card, j) => ({ nid: s.id, card, fen: j % 10 === 9 ? POOR_FEN : RICH_FEN })),
  );
  await c.query(
    `insert into members (pool_id, netbar_id, card_kind, card_enc, card_hmac, card_mask, name, level_id,
                          principal_fen, topup_total_fen, created_by_name)
     select m.nid, m.nid, 2, m.enc, m.hmac, m.mask, '压测会员' || m.n, l.id, m.fen, m.fen, '压测'
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::bigint[]) with ordinality m(nid, enc, hmac, mask, fen, n)
     join member_levels l on l.pool_id = m.nid`,
    [
      all.map((m) => m.nid),
      all.map((m) => cipher.encrypt(m.card)),
      all.map((m) => cipher.lookup(m.card)),
      all.map((m) => maskCard(m.card)),
      all.map((m) => m.fen),
    ],
  );
  // the top-up behind each balance, with its receipt number M<ledger id> as applyMemberMove writes it
  await c.query(
    `with m as (select nextval(pg_get_serial_sequence('member_ledger', 'id')) as lid, * from members where pool_id = any($1))
     insert into member_ledger (id, ref_no, pool_id, netbar_id, member_id, kind, principal_delta, principal_before,
        principal_after, bonus_before, bonus_after, points_before, points_after, pay_method, paid_fen, user_name, request_id)
     select lid, 'M' || lpad(lid::text, 10, '0'), pool_id, netbar_id, id, 'topup', principal_fen, 0,
            principal_fen, 0, 0, 0, 0, 'cash', principal_fen, '压测', 'load-top-' || id
     from m`,
    [ids],
  );
  await c.query(
    `update members m set last_ledger_id = (select max(id) from member_ledger l where l.member_id = m.id)
     where m.pool_id = any($1)`,
    [ids],
  );
  await c.query('analyze');
  return stores;
}
