import type { SiyuCodeRow, SiyuKind, SiyuStatRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** 私域运营's SQL (decision 179): codes of one store; scans counted per code per Shanghai day. */

const TODAY = sql`(now() at time zone 'Asia/Shanghai')::date`;

export async function listCodes(db: Conn, nid: number): Promise<SiyuCodeRow[]> {
  return rows<SiyuCodeRow>(
    db,
    sql`select c.id, c.kind, c.name, c.welcome, c.image, '/s/' || c.token as link,
          coalesce((select s.scans from siyu_scans s where s.code_id = c.id and s.day = ${TODAY}), 0)::int as scans_today,
          coalesce((select sum(s.scans) from siyu_scans s where s.code_id = c.id), 0)::int as scans_total,
          ${fmtTs('c.created_at')} as created_at
        from siyu_codes c where c.netbar_id = ${nid} and c.status = 1 order by c.kind, c.id`,
  );
}

export async function codeCount(db: Conn, nid: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from siyu_codes where netbar_id = ${nid} and status = 1`,
  );
  return Number(r[0]!.n);
}

export async function ownCode(db: Conn, nid: number, id: number) {
  return (
    await rows<{ id: number }>(
      db,
      sql`select id from siyu_codes where id = ${id} and netbar_id = ${nid} and status = 1`,
    )
  )[0];
}

export interface CodeWrite {
  kind: SiyuKind;
  name: string;
  welcome: string;
  image: string;
}

export async function insertCode(db: Conn, nid: number, w: CodeWrite, token: string): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into siyu_codes (netbar_id, kind, name, welcome, image, token)
        values (${nid}, ${w.kind}, ${w.name}, ${w.welcome}, ${w.image}, ${token}) returning id`,
  );
  return r[0]!.id;
}

export async function updateCode(db: Conn, nid: number, id: number, w: CodeWrite) {
  await rows(
    db,
    sql`update siyu_codes set kind = ${w.kind}, name = ${w.name}, welcome = ${w.welcome}, image = ${w.image}
        where id = ${id} and netbar_id = ${nid} and status = 1`,
  );
}

export async function removeCode(db: Conn, nid: number, id: number) {
  await rows(db, sql`update siyu_codes set status = 0 where id = ${id} and netbar_id = ${nid}`);
}

/** Counts one scan of a live code; its picture, or nothing for an unknown token. */
export async function countScan(db: Conn, token: string): Promise<string | undefined> {
  const c = (
    await rows<{ id: number; image: string }>(
      db,
      sql`select id, image from siyu_codes where token = ${token} and status = 1`,
    )
  )[0];
  if (!c) return undefined;
  await rows(
    db,
    sql`insert into siyu_scans (code_id, day, scans) values (${c.id}, ${TODAY}, 1)
        on conflict (code_id, day) do update set scans = siyu_scans.scans + 1`,
  );
  return c.image;
}

export async function scanStats(db: Conn, nid: number, days: number): Promise<SiyuStatRow[]> {
  return rows<SiyuStatRow>(
    db,
    sql`select to_char(s.day, 'YYYY-MM-DD') as day, s.code_id, s.scans
        from siyu_scans s join siyu_codes c on c.id = s.code_id
        where c.netbar_id = ${nid} and s.day > ${TODAY} - ${days}::int
        order by s.day, s.code_id`,
  );
}
