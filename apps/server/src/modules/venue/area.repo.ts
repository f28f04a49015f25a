import type { VenueAreaRow, VenueAreaSaveBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { VenueAreaRecord } from '../../db/schema/index.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Venue areas (大厅, 电竞区, 包间 …) of the caller's store. */

export async function listAreas(db: Conn, s: TenantScope): Promise<VenueAreaRow[]> {
  return rows<VenueAreaRow>(
    db,
    sql`select a.id, a.name, a.colour, a.sort,
          (select count(*)::int from machines m where m.area_id = a.id) as machines
        from venue_areas a where a.netbar_id = ${s.netbarId} order by a.sort, a.id`,
  );
}

export async function findArea(db: Conn, s: TenantScope, id: number): Promise<VenueAreaRecord | undefined> {
  const r = await rows<VenueAreaRecord>(
    db,
    sql`select id, netbar_id as "netbarId", name, colour, sort, created_at as "createdAt"
        from venue_areas where id = ${id} and netbar_id = ${s.netbarId}`,
  );
  return r[0];
}

export async function areaCount(db: Conn, s: TenantScope): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from venue_areas where netbar_id = ${s.netbarId}`,
  );
  return r[0]?.n ?? 0;
}

export async function insertArea(db: Conn, s: TenantScope, v: VenueAreaSaveBody): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into venue_areas (netbar_id, name, colour, sort)
        values (${s.netbarId}, ${v.name}, ${v.colour ?? '#1677FF'}, ${v.sort}) returning id`,
  );
  return r[0]!.id;
}

export async function updateArea(db: Conn, s: TenantScope, v: VenueAreaSaveBody & { id: number }) {
  const r = await rows<{ id: number }>(
    db,
    sql`update venue_areas set name = ${v.name}, colour = coalesce(${v.colour ?? null}, colour), sort = ${v.sort}
        where id = ${v.id} and netbar_id = ${s.netbarId} returning id`,
  );
  return r.length > 0;
}

/** Deletes an empty area and its layouts; false when it is not the store's. */
export async function deleteArea(db: Conn, s: TenantScope, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`delete from venue_areas where id = ${id} and netbar_id = ${s.netbarId} returning id`,
  );
  return r.length > 0;
}
