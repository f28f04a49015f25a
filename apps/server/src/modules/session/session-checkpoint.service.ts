import { lockOpen, openIdsAfter } from './session.repo.ts';
import { type SessionDeps, settleLocked, tell } from './session.service.ts';

/** The checkpoint job's work (decision 116): one session at a time, or every open session in batches. */

/**
 * One checkpoint of one session (the job calls it for every open session at least once a minute).
 * Answers what happened; nothing when another process holds the session or it has ended.
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
 * Checkpoints every open session of every store, in batches of `batch` ids, `lanes` sessions at a time
 * (each its own transaction; on PGlite they queue on its one connection).
 */
export async function checkpointAll(
  deps: SessionDeps,
  batch = 200,
  onError?: (id: number, e: unknown) => void,
  lanes = 4,
) {
  let after = 0;
  const tally = { checked: 0, ended: 0, warned: 0, failed: 0 };
  const one = async (id: number) => {
    try {
      const r = await checkpointSession(deps, id);
      if (!r) return;
      tally.checked += 1;
      if (r.ended) tally.ended += 1;
      else if (r.warn) tally.warned += 1;
    } catch (e) {
      tally.failed += 1;
      onError?.(id, e);
    }
  };
  for (;;) {
    const ids = await openIdsAfter(deps.db, after, batch);
    let next = 0;
    const lane = async () => {
      while (next < ids.length) await one(ids[next++]!);
    };
    await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
    if (ids.length < batch) return tally;
    after = ids[ids.length - 1]!;
  }
}
