import {
  type MachineState,
  type TerminalAckRow,
  type TerminalMessageRow,
  VENUE_LIMITS,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** The console's view of a BUY/CALL row. */
const ROW = sql`id::int as id, kind::int as kind, machine_id, machine, payload, ${fmtTs('created_at')} as created_at,
  case when acked_at is null then null else ${fmtTs('acked_at')} end as acked_at, acked_name as acked_by_name`;

export interface NewMessage {
  kind: 2 | 4;
  machine: string;
  machineId: number | null;
  payload: object;
  requestId: string;
}

/**
 * Stores a terminal's BUY or CALL once per request_id: a retry finds the first row (`fresh` false).
 * Confined to the scope's store.
 */
export async function insertMessage(
  db: Conn,
  s: TenantScope,
  m: NewMessage,
): Promise<{ row: TerminalMessageRow; fresh: boolean } | undefined> {
  const inserted = await rows<TerminalMessageRow>(
    db,
    sql`insert into terminal_messages (netbar_id, kind, machine, machine_id, payload, request_id)
        values (${s.netbarId}, ${m.kind}, ${m.machine}, ${m.machineId}, ${JSON.stringify(m.payload)}::jsonb, ${m.requestId})
        on conflict (netbar_id, request_id) where request_id is not null do nothing
        returning ${ROW}`,
  );
  if (inserted[0]) return { row: inserted[0], fresh: true };
  const found = await rows<TerminalMessageRow>(
    db,
    sql`select ${ROW} from terminal_messages where netbar_id = ${s.netbarId} and request_id = ${m.requestId}`,
  );
  return found[0] && { row: found[0], fresh: false };
}

/** The store's unacknowledged seat orders and calls, oldest first. */
export async function pendingMessages(db: Conn, s: TenantScope, limit: number) {
  return rows<TerminalMessageRow>(
    db,
    sql`select ${ROW} from terminal_messages
        where netbar_id = ${s.netbarId} and acked_at is null and kind in (2, 4)
        order by id limit ${limit}`,
  );
}

/** One BUY/CALL of the scope's store (another store's id finds nothing). */
export async function messageById(db: Conn, s: TenantScope, id: number) {
  const r = await rows<TerminalMessageRow>(
    db,
    sql`select ${ROW} from terminal_messages where id = ${id} and netbar_id = ${s.netbarId} and kind in (2, 4)`,
  );
  return r[0];
}

/**
 * Acknowledges a pending BUY/CALL: only the first acknowledgement changes the row (and takes the next
 * out_seq); undefined when it was already acknowledged or is not the store's.
 */
export async function ackMessage(db: Conn, s: TenantScope, id: number, by: { id: number; name: string }) {
  const r = await rows<TerminalMessageRow>(
    db,
    sql`update terminal_messages set acked_at = now(), acked_by = ${by.id}, acked_name = ${by.name},
          out_seq = nextval('terminal_out_seq')
        where id = ${id} and netbar_id = ${s.netbarId} and kind in (2, 4) and acked_at is null
        returning ${ROW}`,
  );
  return r[0];
}

/** A BUY's payload once its order is made (decision 134): the order's id, number, total and whether paid. */
export async function setPayload(db: Conn, s: TenantScope, id: number, payload: object) {
  const r = await rows<TerminalMessageRow>(
    db,
    sql`update terminal_messages set payload = ${JSON.stringify(payload)}::jsonb
        where id = ${id} and netbar_id = ${s.netbarId} returning ${ROW}`,
  );
  return r[0]!;
}

/**
 * Acknowledges the pending BUY that became this order (index terminal_messages_order, migration 0715);
 * undefined when it was acknowledged already or no BUY made it.
 */
export async function ackByOrder(
  db: Conn,
  s: TenantScope,
  orderId: number,
  by: { id: number; name: string },
) {
  const r = await rows<TerminalMessageRow>(
    db,
    sql`update terminal_messages set acked_at = now(), acked_by = ${by.id}, acked_name = ${by.name},
          out_seq = nextval('terminal_out_seq')
        where netbar_id = ${s.netbarId} and kind = 2 and (payload->>'order_id')::bigint = ${orderId} and acked_at is null
        returning ${ROW}`,
  );
  return r[0];
}

/** A console broadcast (ALL): stored already delivered, with its place in the terminal's feed. */
export async function insertBroadcast(
  db: Conn,
  s: TenantScope,
  text: string,
  by: { id: number; name: string },
  machineId: number | null = null,
) {
  const r = await rows<{ id: number; created_at: string }>(
    db,
    sql`insert into terminal_messages (netbar_id, kind, machine_id, payload, created_by, acked_at, acked_by, acked_name, out_seq)
        values (${s.netbarId}, 6, ${machineId}, ${JSON.stringify({ text })}::jsonb, ${by.id}, now(), ${by.id}, ${by.name},
                nextval('terminal_out_seq'))
        returning id::int as id, ${fmtTs('created_at')} as created_at`,
  );
  return r[0]!;
}

/** The terminal's feed: acknowledgements and broadcasts after `after`, in order. */
export async function acksAfter(db: Conn, s: TenantScope, after: number, limit: number) {
  return rows<TerminalAckRow>(
    db,
    sql`select out_seq::float8 as seq, id::int as id,
          (case kind when 2 then 3 when 4 then 5 else 6 end)::int as kind, machine_id, machine,
          ${fmtTs('acked_at')} as acked_at, acked_name as acked_by_name,
          coalesce(payload->>'text', '') as text
        from terminal_messages
        where netbar_id = ${s.netbarId} and out_seq > ${after}
        order by out_seq limit ${limit}`,
  );
}

/**
 * Serialises the store's feed writers until the transaction ends, so out_seq values become visible in
 * order and a poller reading "after N" never skips a later-committing smaller N (namespace 620).
 */
export async function lockStoreFeed(tx: Conn, s: TenantScope) {
  await tx.execute(sql`select pg_advisory_xact_lock(620, ${s.netbarId})`);
}

/** A machine as the store's server sees it: nothing about who sits there. */
export interface TerminalMachineRow {
  id: number;
  name: string;
  area: string;
  state: MachineState;
}

/** Every machine of the scope's store (at most VENUE_LIMITS.storeMachinesMax), by area then name. */
export async function storeMachines(db: Conn, s: TenantScope) {
  return rows<TerminalMachineRow>(
    db,
    sql`select m.id, m.name, a.name as area, m.state
        from machines m join venue_areas a on a.id = m.area_id
        where m.netbar_id = ${s.netbarId}
        order by a.sort, a.id, m.name, m.id limit ${VENUE_LIMITS.storeMachinesMax}`,
  );
}
