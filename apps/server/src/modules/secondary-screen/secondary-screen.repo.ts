import type { ScreenSaveBody, ScreenSettings, ScreenSlide, ScreenWindow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** A store's 副屏 row (migration 1120); every query is keyed by the caller's store. */
export interface ScreenRecord extends ScreenSettings {
  link_gen: number;
  link_on: boolean;
  updated_by: string;
  updated_at: string;
}

export async function findScreen(db: Conn, nid: number): Promise<ScreenRecord | undefined> {
  const r = await rows<{
    slides: ScreenSlide[];
    start_date: string | null;
    end_date: string | null;
    windows: ScreenWindow[];
    link_gen: number;
    link_on: boolean;
    updated_by: string;
    updated_at: string;
  }>(
    db,
    sql`select slides, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date,
          windows, link_gen::int, link_on, updated_by, ${fmtTs('updated_at')} as updated_at
        from secondary_screen_settings where netbar_id = ${nid}`,
  );
  const x = r[0];
  if (!x) return undefined;
  return {
    ...x,
    link_gen: Number(x.link_gen),
    start_date: x.start_date ?? '',
    end_date: x.end_date ?? '',
  };
}

/** One upsert of the slideshow and schedule; the link is left as it is. */
export async function upsertScreen(db: Conn, nid: number, b: ScreenSaveBody, by: string): Promise<void> {
  const slides = JSON.stringify(b.slides.map((s) => ({ kind: s.kind, url: s.url, seconds: s.seconds })));
  const windows = JSON.stringify(b.windows.map((w) => ({ start: w.start, end: w.end })));
  await rows(
    db,
    sql`insert into secondary_screen_settings (netbar_id, slides, start_date, end_date, windows, updated_by)
        values (${nid}, ${slides}::jsonb, ${b.start_date || null}::date, ${b.end_date || null}::date,
          ${windows}::jsonb, ${by})
        on conflict (netbar_id) do update set slides = excluded.slides, start_date = excluded.start_date,
          end_date = excluded.end_date, windows = excluded.windows, updated_by = excluded.updated_by,
          updated_at = now()`,
  );
}

/** 重新生成: a new generation, on (every earlier link ends); 停用: off. Answers the generation now. */
export async function setLink(db: Conn, nid: number, on: boolean, by: string): Promise<number> {
  const r = await rows<{ link_gen: number }>(
    db,
    sql`insert into secondary_screen_settings (netbar_id, link_gen, link_on, updated_by)
        values (${nid}, 1, ${on}, ${by})
        on conflict (netbar_id) do update set
          link_gen = secondary_screen_settings.link_gen + case when ${on} then 1 else 0 end,
          link_on = ${on}, updated_by = excluded.updated_by, updated_at = now()
        returning link_gen::int`,
  );
  return Number(r[0]!.link_gen);
}

/** The store's name, when the store exists and is not closed (status 0). */
export async function storeName(db: Conn, nid: number): Promise<string | undefined> {
  const r = await rows<{ name: string }>(db, sql`select name from netbars where id = ${nid} and status <> 0`);
  return r[0]?.name;
}
