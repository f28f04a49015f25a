import type { DesktopAdvert, DesktopConfigRow, DesktopGroup, DesktopSaveBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** 桌面设置 rows (migration 1130); every query is keyed by the caller's store. */

interface ConfigRecord {
  id: number;
  area_id: number;
  area_name: string | null;
  band_start: string;
  band_end: string;
  wallpaper: string;
  groups: DesktopGroup[];
  ticker: string;
  adverts: DesktopAdvert[];
  updated_by: string;
  updated_at: string;
}

const toRow = (r: ConfigRecord): DesktopConfigRow => ({
  ...r,
  id: Number(r.id),
  area_id: Number(r.area_id),
  area_name: r.area_id ? (r.area_name ?? '') : '',
});

const select = sql`select c.id, c.area_id, a.name as area_name, c.band_start, c.band_end, c.wallpaper, c.groups,
    c.ticker, c.adverts, c.updated_by, ${fmtTs('c.updated_at')} as updated_at
  from desktop_configs c left join venue_areas a on a.id = c.area_id and a.netbar_id = c.netbar_id`;

/** The store's configurations: the default first, then by area and band. */
export async function listConfigs(db: Conn, nid: number): Promise<DesktopConfigRow[]> {
  const r = await rows<ConfigRecord>(
    db,
    sql`${select} where c.netbar_id = ${nid} order by c.area_id <> 0, a.sort, c.area_id, c.band_start, c.id`,
  );
  return r.map(toRow);
}

export async function configById(db: Conn, nid: number, id: number): Promise<DesktopConfigRow | undefined> {
  const r = await rows<ConfigRecord>(db, sql`${select} where c.netbar_id = ${nid} and c.id = ${id}`);
  return r[0] ? toRow(r[0]) : undefined;
}

export const storeAreas = (db: Conn, nid: number) =>
  rows<{ id: number; name: string }>(
    db,
    sql`select id, name from venue_areas where netbar_id = ${nid} order by sort, id`,
  );

/** Serialises the store's desktop writes (the band overlap check reads, then writes). */
export async function lockStore(tx: Conn, nid: number): Promise<void> {
  await rows(tx, sql`select id from netbars where id = ${nid} for update`);
}

/** The other configurations of one area (for the overlap check). */
export const sameArea = (tx: Conn, nid: number, areaId: number, exceptId: number) =>
  rows<{ id: number; band_start: string; band_end: string }>(
    tx,
    sql`select id, band_start, band_end from desktop_configs
        where netbar_id = ${nid} and area_id = ${areaId} and id <> ${exceptId}`,
  );

export const configCount = async (tx: Conn, nid: number) =>
  Number(
    (
      await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from desktop_configs where netbar_id = ${nid}`,
      )
    )[0]?.n ?? 0,
  );

export async function writeConfig(tx: Conn, nid: number, b: DesktopSaveBody, by: string): Promise<number> {
  const groups = JSON.stringify(b.groups);
  const adverts = JSON.stringify(b.adverts);
  if (b.id) {
    await rows(
      tx,
      sql`update desktop_configs set area_id = ${b.area_id}, band_start = ${b.band_start}, band_end = ${b.band_end},
            wallpaper = ${b.wallpaper}, groups = ${groups}::jsonb, ticker = ${b.ticker.trim()},
            adverts = ${adverts}::jsonb, updated_by = ${by}, updated_at = now()
          where id = ${b.id} and netbar_id = ${nid}`,
    );
    return b.id;
  }
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into desktop_configs (netbar_id, area_id, band_start, band_end, wallpaper, groups, ticker, adverts, updated_by)
        values (${nid}, ${b.area_id}, ${b.band_start}, ${b.band_end}, ${b.wallpaper}, ${groups}::jsonb,
          ${b.ticker.trim()}, ${adverts}::jsonb, ${by})
        returning id`,
  );
  return Number(r[0]!.id);
}

export async function deleteConfig(tx: Conn, nid: number, id: number): Promise<void> {
  await rows(tx, sql`delete from desktop_configs where id = ${id} and netbar_id = ${nid}`);
}

/**
 * A machine of the store and the configurations that may apply to it (its area's and the store's), in one
 * statement: the terminal polls this every 30 s from every PC.
 */
export async function machineCandidates(
  db: Conn,
  nid: number,
  machineId: number,
): Promise<{ areaId: number; configs: DesktopConfigRow[] } | undefined> {
  const r = await rows<Omit<ConfigRecord, 'id'> & { id: number | null; machine_area: number }>(
    db,
    sql`select m.area_id as machine_area, c.id, c.area_id, '' as area_name, c.band_start, c.band_end, c.wallpaper,
          c.groups, c.ticker, c.adverts, '' as updated_by, '' as updated_at
        from machines m
        left join desktop_configs c on c.netbar_id = m.netbar_id and c.area_id in (0, m.area_id)
        where m.id = ${machineId} and m.netbar_id = ${nid}`,
  );
  if (!r[0]) return undefined;
  const configs = r.flatMap((x) => (x.id === null ? [] : [toRow({ ...x, id: x.id })]));
  return { areaId: Number(r[0].machine_area), configs };
}
