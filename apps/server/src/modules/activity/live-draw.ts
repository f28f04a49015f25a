import { randomInt } from 'node:crypto';
import {
  type DrawResult,
  ENGINE_KIND_APP,
  STORE_APP_BY_KEY,
  shanghaiDate,
  shanghaiDateTime,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { loadDisabledApps, systemStoreScope } from '../../tenant/index.ts';
import { memberPool, prizeMove } from '../member/index.ts';
import { inAudience } from './activity-audience.ts';
import { bookClaim, insertClaim, livePrizes } from './activity-claim.repo.ts';
import { drawPool, dueDraws, insertMemberDraw, lockDue, markDrawn } from './live-draw.repo.ts';
import { drawWinners } from './promotion.repo.ts';

/**
 * 直播抽奖 (decision 178). At its time a draw picks, one prize slot after another (prizes in their order,
 * each as many times as its quantity), a winner among the eligible members still undrawn with
 * `randomInt` from node:crypto; each pick records the candidate list, its length and the roll
 * (candidates[roll] is the winner), and pays the prize through the member ledger, all in one
 * transaction that also marks the draw done — under the activity's lock and `drawn_at is null`, so a
 * second run (a restart, two processes) finds nothing to draw. Winners are announced after the commit.
 */
const DRAWER = { id: 0, name: '直播抽奖' };

export type DrawListener = (netbarId: number, r: DrawResult) => void;
let listener: DrawListener | undefined;
/** The terminal plugin announces results on the live channel (as the venue's SEATS). */
export function setDrawListener(l: DrawListener | undefined) {
  const before = listener;
  listener = l;
  return before;
}
export const drawListener = () => listener;

export async function drawOne(
  db: Db,
  nid: number,
  id: number,
  now = new Date(),
  rand: (n: number) => number = randomInt,
): Promise<DrawResult | undefined> {
  const s = systemStoreScope(nid);
  const pool = await memberPool(db, s);
  const done = await db.transaction(async (tx) => {
    const a = await lockDue(tx, nid, id);
    if (!a) return false;
    const app = STORE_APP_BY_KEY.get(ENGINE_KIND_APP.live_draw)!;
    if ((await loadDisabledApps(tx, nid)).has(app.perm)) return false;
    // the draw's own Beijing day: a draw set for 23:58 and run a little after midnight still draws among
    // that evening's 签到 members, and its prizes count on that day
    const day = shanghaiDate(a.draw_at);
    let remaining = (await drawPool(tx, nid, pool.pool, a.draw_from, day))
      .filter((m) => inAudience(a.audience, m, undefined, now))
      .map((m) => m.id);
    let spent = a.spent_fen;
    let slot = 0;
    for (const p of await livePrizes(tx, a.id)) {
      for (let k = p.issued; k < p.quantity && remaining.length; k++) {
        if (spent + p.cost_fen > a.budget_fen) break;
        const candidates = remaining;
        const roll = rand(candidates.length);
        const winner = candidates[roll]!;
        remaining = candidates.filter((x) => x !== winner);
        const rid = `draw-${a.id}-${++slot}`;
        const led = await prizeMove(tx, pool, DRAWER, {
          member_id: winner,
          kind: 'prize',
          request_id: `act:${rid}`,
          ...(p.kind === 'bonus'
            ? { bonus: p.amount }
            : p.kind === 'points'
              ? { points: p.amount }
              : { minutes: p.amount }),
          remark: `${a.name}：${p.name}`,
        });
        await bookClaim(tx, a.id, p);
        const claimId = await insertClaim(tx, {
          activity_id: a.id,
          netbar_id: nid,
          pool_id: pool.pool,
          member_id: winner,
          machine_id: null,
          day,
          prize: p,
          paid_kind: 'none',
          paid_amount: 0,
          streak: 0,
          member_ledger_id: led.id,
          request_id: rid,
        });
        await insertMemberDraw(tx, claimId, a.id, { candidates, roll, prize_id: p.id });
        spent += p.cost_fen;
      }
    }
    await markDrawn(tx, a.id, now);
    return a.name;
  });
  if (!done) return undefined;
  const w = await drawWinners(db, nid, id);
  return { activity_id: id, name: done, drawn_at: shanghaiDateTime(now), ...w };
}

/** Every due draw once (the job's pass; tests and the demo call it directly). */
export async function runDueDraws(db: Db, now = new Date()): Promise<DrawResult[]> {
  const out: DrawResult[] = [];
  for (const d of await dueDraws(db, now)) {
    const r = await drawOne(db, d.netbar_id, d.id, now);
    if (!r) continue;
    out.push(r);
    try {
      listener?.(d.netbar_id, r);
    } catch {
      // an announcement never undoes a draw
    }
  }
  return out;
}
