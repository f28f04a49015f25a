import { WARN_MINUTES } from '@netbar/contract';
import { systemStoreScope } from '../../tenant/index.ts';
import { memberPool } from '../member/index.ts';
import { lockOpen, openForPass, type PassSession, writeQuietCheckpoints } from './session.repo.ts';
import type { SessionDeps } from './session.service.ts';
import { settle } from './session-billing.ts';
import { settleLocked, tell } from './session-settle.ts';

/** The checkpoint job's work (decisions 116, 121): one session at a time, or every open session in batches. */

/**
 * One checkpoint of one session under its lock (the pass calls it for each session that may move money,
 * end or warn). Answers what happened; nothing when another process holds the session or it has ended.
 */
export async function checkpointSession(deps: SessionDeps, id: number) {
  const now = (deps.now ?? Date.now)();
  const out = await deps.db.transaction(async (tx) => {
    const sess = await lockOpen(tx, null, id);
    if (!sess) return undefined;
    return { sess, r: await settleLocked(tx, sess, now) };
  });
  if (!out) return undefined;
  const e = { sessionId: id, machineId: out.sess.machine_id, memberId: out.sess.member_id };
  const { r } = out;
  if (r.ended) await tell(() => deps.events?.ended(out.sess.netbar_id, { ...e, reason: r.reason }));
  else if (r.warn) await tell(() => deps.events?.warn(out.sess.netbar_id, { ...e, minutesLeft: r.left }));
  return out.r;
}

/**
 * What a session read without its lock needs at `now`: `quiet` (billed minutes and the checkpoint
 * instant move on, nothing else) with its minutes, or undefined when it must be settled under its lock —
 * money or free minutes are due, the balance ran out, the card is not 正常 or not the store's pool's,
 * the warning is to be sent or re-armed. A stale read only delays a session to the next pass: what is due is always recomputed from
 * logon under the lock, and a quiet write never touches a session whose checkpoint_seq moved.
 */
export function quietAt(
  s: PassSession,
  pool: number | undefined,
  now: number,
): { id: number; seq: number; minutes: number } | undefined {
  if (s.member_status !== 1 || s.member_pool !== pool) return undefined;
  const cap = s.free_minutes + s.member_free_minutes;
  const st = settle(s.rules, s.started_ms, s.charged_fen, s.available_fen, now, cap);
  if (st.kind === 'exhausted' || st.total > s.charged_fen || st.free > s.free_minutes) return undefined;
  const warn = st.left <= WARN_MINUTES;
  if (warn !== s.warned) return undefined;
  return { id: s.id, seq: s.checkpoint_seq, minutes: st.minutes };
}

/** Each store's member pool, looked up once per pass (undefined: the store is gone, its sessions are settled). */
function poolsOf(deps: SessionDeps) {
  const known = new Map<number, number | undefined>();
  return async (list: readonly PassSession[]) => {
    for (const nid of new Set(list.map((s) => s.netbar_id)))
      if (!known.has(nid))
        known.set(
          nid,
          await memberPool(deps.db, systemStoreScope(nid)).then(
            (p) => p.pool,
            () => undefined,
          ),
        );
    return known;
  };
}

/** Lets the API's waiting requests (and their connections) go first between two batches. */
const yieldToApi = () => new Promise<void>((r) => setImmediate(r));

/**
 * Checkpoints every open session of every store (decision 121): per batch of `batch` ids, one read of the
 * sessions with their members, one write for the quiet ones, and a transaction of its own only for each
 * session that may move money, end or warn — `lanes` at a time (2: the API keeps the rest of the pool).
 * `checked` counts the sessions checkpointed, `settled` those that went through a transaction.
 */
export async function checkpointAll(
  deps: SessionDeps,
  batch = 200,
  onError?: (id: number, e: unknown) => void,
  lanes = 2,
) {
  let after = 0;
  const tally = { checked: 0, settled: 0, ended: 0, warned: 0, failed: 0 };
  const one = async (id: number) => {
    try {
      const r = await checkpointSession(deps, id);
      if (!r) return;
      tally.checked += 1;
      tally.settled += 1;
      if (r.ended) tally.ended += 1;
      else if (r.warn) tally.warned += 1;
    } catch (e) {
      tally.failed += 1;
      onError?.(id, e);
    }
  };
  const pools = poolsOf(deps);
  for (;;) {
    const list = await openForPass(deps.db, after, batch);
    const pool = await pools(list);
    const now = (deps.now ?? Date.now)();
    const quiet: { id: number; seq: number; minutes: number }[] = [];
    const busy: number[] = [];
    for (const s of list) {
      const q = quietAt(s, pool.get(s.netbar_id), now);
      if (q) quiet.push(q);
      else busy.push(s.id);
    }
    try {
      tally.checked += await writeQuietCheckpoints(deps.db, quiet, now);
    } catch (e) {
      tally.failed += quiet.length;
      onError?.(quiet[0]?.id ?? 0, e);
    }
    let next = 0;
    const lane = async () => {
      while (next < busy.length) await one(busy[next++]!);
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, busy.length)) }, lane));
    if (list.length < batch) return tally;
    after = list[list.length - 1]!.id;
    await yieldToApi();
  }
}
