// The money check of bench/terminal-load.ts, straight from the database after every session ended:
// each member's balance is its ledger's sum; each session charged exactly what its ledger rows took,
// and exactly what its rules say for the time it ran; no request_id charged twice; no session left open.
import { chargeSession, type RateRules } from '@netbar/contract';
import type pg from 'pg';

export interface MoneyCheck {
  members: number;
  balanceMismatches: number;
  sessions: number;
  byReason: Record<string, number>;
  open: number;
  chargedFen: number;
  ledgerFen: number;
  sessionLedgerMismatches: number;
  ruleMismatches: number;
  doubledRequests: number;
  examples: string[];
  ok: boolean;
}

export async function moneyCheck(c: pg.Client, stores: number[]): Promise<MoneyCheck> {
  const q = async <T>(text: string) => (await c.query(text, [stores])).rows as T[];
  const examples: string[] = [];
  const [{ members, bad }] = await q<{ members: number; bad: number }>(
    `select count(*)::int as members, count(*) filter (where m.principal_fen <> coalesce(l.p, 0)
            or m.bonus_fen <> coalesce(l.b, 0) or m.points <> coalesce(l.pt, 0))::int as bad
     from members m left join (select member_id, sum(principal_delta) as p, sum(bonus_delta) as b, sum(points_delta) as pt
                               from member_ledger where pool_id = any($1) group by 1) l on l.member_id = m.id
     where m.pool_id = any($1)`,
  );
  const sessions = await q<{
    id: string;
    rules: RateRules;
    start: number;
    end: number | null;
    reason: string | null;
    charged: string;
    paid: string;
  }>(
    `select s.id, s.rules, (extract(epoch from s.started_at) * 1000)::float8 as start,
            (extract(epoch from s.ended_at) * 1000)::float8 as end, s.end_reason as reason, s.charged_fen as charged,
            coalesce(l.paid, 0) as paid
     from online_sessions s left join (select session_id, -sum(principal_delta + bonus_delta) as paid
                                       from member_ledger where netbar_id = any($1) and session_id is not null group by 1) l
       on l.session_id = s.id
     where s.netbar_id = any($1)`,
  );
  const byReason: Record<string, number> = {};
  let open = 0;
  let chargedFen = 0;
  let ledgerFen = 0;
  let sessionLedgerMismatches = 0;
  let ruleMismatches = 0;
  for (const s of sessions) {
    chargedFen += Number(s.charged);
    ledgerFen += Number(s.paid);
    if (Number(s.charged) !== Number(s.paid)) {
      sessionLedgerMismatches++;
      if (examples.length < 5) examples.push(`会话 ${s.id}：记扣 ${s.charged} 分，台账扣 ${s.paid} 分`);
    }
    if (s.end === null) {
      open++;
      continue;
    }
    byReason[s.reason ?? ''] = (byReason[s.reason ?? ''] ?? 0) + 1;
    // what the rules say the time it ran costs (a session ended by its balance ran to the minute it ran out)
    const due = chargeSession(s.rules, s.start, s.end).total_fen;
    if (due !== Number(s.charged)) {
      ruleMismatches++;
      if (examples.length < 5)
        examples.push(`会话 ${s.id}（${s.reason}）：按规则应扣 ${due} 分，实扣 ${s.charged} 分`);
    }
  }
  const [{ doubled }] = await q<{ doubled: number }>(
    `select count(*)::int as doubled from (select 1 from member_ledger where netbar_id = any($1)
       group by netbar_id, request_id, seq having count(*) > 1) d`,
  );
  const ok =
    bad === 0 &&
    open === 0 &&
    sessionLedgerMismatches === 0 &&
    ruleMismatches === 0 &&
    doubled === 0 &&
    chargedFen === ledgerFen;
  return {
    members,
    balanceMismatches: bad,
    sessions: sessions.length,
    byReason,
    open,
    chargedFen,
    ledgerFen,
    sessionLedgerMismatches,
    ruleMismatches,
    doubledRequests: doubled,
    examples,
    ok,
  };
}
