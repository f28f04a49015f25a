import { CONTROL_CHARS } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import type { OpCaller } from '../../types.ts';
import { insertOplog, purgeOplog } from './oplog.repo.ts';

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
  /** One row: who and from where (`by`, see `opCallerOf`), and what (`e`). */
  write(by: OpCaller, e: OpEntry): Promise<void>;
  /** Deletes rows older than the retention (never less than 180 days). */
  purge(retentionDays: number): Promise<number>;
}

export const MIN_RETENTION_DAYS = 180;

/** Control characters (NUL cannot be stored in text at all) are kept visible as \\uXXXX. */
const CONTROL_ALL = new RegExp(CONTROL_CHARS.source, 'g');
export const escapeControl = (s: string) =>
  s.replace(CONTROL_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The append-only operation log: one row per state-changing call (docs/decisions/007-operation-log.md). */
export function createOpLog(db: Db): OpLog {
  return {
    async write(by, e) {
      const a = by.auth;
      await insertOplog(db, {
        userId: e.actor?.userId ?? a?.userId ?? null,
        userName: escapeControl(e.actor?.userName ?? a?.userName ?? ''),
        userType: e.actor?.userType ?? a?.type ?? null,
        agentId: e.actor?.agentId ?? a?.agentId ?? null,
        netbarId: e.actor?.netbarId ?? (a?.nid || null),
        ip: by.ip,
        action: escapeControl(e.action),
        target: escapeControl(e.target ?? '').slice(0, 200),
        result: e.result,
        detail: escapeControl(e.detail ?? '').slice(0, 1000),
      });
    },
    async purge(retentionDays) {
      const days = Math.max(MIN_RETENTION_DAYS, retentionDays);
      // The one way rows leave the log: ledger_purge (migration 0500), which the guard trigger lets
      // delete only rows older than 180 days; no session flag opens the table any more.
      return purgeOplog(db, days);
    },
  };
}
