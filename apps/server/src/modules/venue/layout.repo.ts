import type { LayoutCell, MachineState, SeatLayout } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Seat layouts: each save of an area's map is a new row (version n+1, decision 100). */

/** An area without a saved map opens as an empty grid of this size. */
export const DEFAULT_GRID = { cols: 12, rows: 8 };

export async function latestLayout(db: Conn, s: TenantScope, areaId: number): Promise<SeatLayout> {
  const r = await rows<SeatLayout>(
    db,
    sql`select area_id, version, cols, rows, cells, saved_by, ${fmtTs('created_at')} as saved_at
        from seat_layouts where netbar_id = ${s.netbarId} and area_id = ${areaId}
        order by version desc limit 1`,
  );
  return r[0] ?? { area_id: areaId, version: 0, ...DEFAULT_GRID, cells: [], saved_by: '', saved_at: null };
}

export async function insertLayout(
  tx: Conn,
  s: TenantScope,
  v: { area_id: number; version: number; cols: number; rows: number; cells: LayoutCell[]; saved_by: string },
) {
  await rows(
    tx,
    sql`insert into seat_layouts (netbar_id, area_id, version, cols, rows, cells, saved_by)
        values (${s.netbarId}, ${v.area_id}, ${v.version}, ${v.cols}, ${v.rows}, ${JSON.stringify(v.cells)}::jsonb, ${v.saved_by})`,
  );
}

/** Ids of the store's machines in an area among `ids`. */
export async function machinesOfArea(db: Conn, s: TenantScope, areaId: number, ids: number[]) {
  if (!ids.length) return [];
  const r = await rows<{ id: number }>(
    db,
    sql`select id from machines where netbar_id = ${s.netbarId} and area_id = ${areaId} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return r.map((x) => x.id);
}

export interface LayoutWithArea {
  id: number;
  name: string;
  colour: string;
  version: number;
  cols: number;
  rows: number;
  cells: LayoutCell[];
}

/** Every area of the store with its newest layout (an empty default grid where none was saved). */
export async function areasWithLayouts(db: Conn, s: TenantScope): Promise<LayoutWithArea[]> {
  return rows<LayoutWithArea>(
    db,
    sql`select a.id, a.name, a.colour, coalesce(l.version, 0) as version,
          coalesce(l.cols, ${DEFAULT_GRID.cols}) as cols, coalesce(l.rows, ${DEFAULT_GRID.rows}) as rows,
          coalesce(l.cells, '[]'::jsonb) as cells
        from venue_areas a
        left join lateral (select version, cols, rows, cells from seat_layouts x
                           where x.area_id = a.id order by version desc limit 1) l on true
        where a.netbar_id = ${s.netbarId} order by a.sort, a.id`,
  );
}

export interface SeatRecord {
  id: number;
  name: string;
  area_id: number;
  state: MachineState;
  ip: string;
  r_id: number | null;
  r_name: string | null;
  r_mobile: string | null;
  r_expires_at: string | null;
}

/** The store's machines with their holding reservation (for the live and public maps). */
export async function seatsOfStore(db: Conn, s: TenantScope): Promise<SeatRecord[]> {
  return rows<SeatRecord>(
    db,
    sql`select m.id, m.name, m.area_id, m.state, m.ip, r.id as r_id, r.name as r_name, r.mobile as r_mobile,
          ${fmtTs('r.expires_at')} as r_expires_at
        from machines m
        left join seat_reservations r on r.machine_id = m.id and r.status = 'holding'
        where m.netbar_id = ${s.netbarId} order by m.name`,
  );
}
