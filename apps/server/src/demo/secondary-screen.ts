import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/** The sample slides shipped with the console (apps/web/public/screen-samples). */
const SLIDES = [1, 2, 3].map((n) => ({ kind: 'image', url: `/screen-samples/slide-${n}.svg`, seconds: 8 }));
const WINDOWS = [
  { start: '00:00', end: '02:00' },
  { start: '08:00', end: '24:00' },
];

/**
 * 副屏 for 星际网咖旗舰店 (decision 191): three sample slides, 8 s each, played 08:00-02:00 (two windows
 * around midnight), and a screen link already on (副屏设置 › 打开副屏). Idempotent: a saved row is kept.
 */
export async function secondaryScreenDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const nid = store[0]?.id;
  if (!nid) return;
  await rows(
    db,
    sql`insert into secondary_screen_settings (netbar_id, slides, windows, link_gen, link_on, updated_by)
        values (${nid}, ${JSON.stringify(SLIDES)}::jsonb, ${JSON.stringify(WINDOWS)}::jsonb, 1, true, '演示数据')
        on conflict (netbar_id) do nothing`,
  );
}
