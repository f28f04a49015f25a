import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { SessionDeps } from './session.service.ts';
import { checkpointSession } from './session-checkpoint.service.ts';

/**
 * Test hook (E2E_TEST_HOOKS=1, never in production; session-test.routes.ts). A browser test cannot wait
 * minutes for a balance to run out, and NODE_ENV=test runs no checkpoint job: this moves an open session
 * of the store back by `minutes` (its start and last checkpoint, as the server tests' age() does) and
 * runs its checkpoint at once, with the live channel told as the job would.
 */
export async function ageAndCheckpoint(deps: SessionDeps, s: TenantScope, id: number, minutes: number) {
  const moved = await rows<{ id: number }>(
    deps.db,
    sql`update online_sessions set started_at = started_at - make_interval(mins => ${minutes}),
          last_checkpoint_at = last_checkpoint_at - make_interval(mins => ${minutes})
        where id = ${id} and netbar_id = ${s.netbarId} and ended_at is null returning id`,
  );
  if (!moved[0]) throw new NotFoundError('该上机记录不存在或已下机');
  const r = await checkpointSession(deps, id);
  return { ended: !!r?.ended, reason: r?.ended ? r.reason : null, charged_fen: r?.progress.chargedFen ?? 0 };
}
