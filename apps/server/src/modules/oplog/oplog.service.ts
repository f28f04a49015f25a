import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { operationLog } from '../../db/schema/foundation.ts';

export interface OpEntry {
  action: string;
  target?: string;
  result: 'success' | 'failure';
  detail?: string;
  /** For calls made before a session exists (login): who it was about. */
  actor?: {
    userId?: number | null;
    userName?: string;
    userType?: number | null;
    agentId?: number | null;
    netbarId?: number | null;
  };
}

export interface OpLog {
  write(req: FastifyRequest, e: OpEntry): Promise<void>;
  /** Deletes rows older than the retention (never less than 180 days). */
  purge(retentionDays: number): Promise<number>;
}

export const MIN_RETENTION_DAYS = 180;

/** The append-only operation log: one row per state-changing call (docs/decisions/007-operation-log.md). */
export function createOpLog(db: Db): OpLog {
  return {
    async write(req, e) {
      const a = req.auth;
      await db.insert(operationLog).values({
        userId: e.actor?.userId ?? a?.userId ?? null,
        userName: e.actor?.userName ?? a?.userName ?? '',
        userType: e.actor?.userType ?? a?.type ?? null,
        agentId: e.actor?.agentId ?? a?.agentId ?? null,
        netbarId: e.actor?.netbarId ?? (a?.nid || null),
        ip: req.ip,
        action: e.action,
        target: (e.target ?? '').slice(0, 200),
        result: e.result,
        detail: (e.detail ?? '').slice(0, 1000),
      });
    },
    async purge(retentionDays) {
      const days = Math.max(MIN_RETENTION_DAYS, retentionDays);
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.oplog_purge', 'on', true)`);
        const rows = await tx
          .delete(operationLog)
          .where(sql`${operationLog.at} < now() - make_interval(days => ${days})`)
          .returning({ id: operationLog.id });
        return rows.length;
      });
    },
  };
}
