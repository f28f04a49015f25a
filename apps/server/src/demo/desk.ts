import { type DeskSaveBody, shanghaiDateTime } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { saveDesk } from '../modules/desk/desk.service.ts';
import { bookDesk } from '../modules/desk/desk-booking.service.ts';
import { systemStoreScope } from '../tenant/index.ts';

/**
 * Demo rooms and tables (issue 13 items 4 and 7, decision 130): 星际网咖旗舰店 gets four rooms and six
 * tables and the bookings of the coming week (fixed slots and customers, relative to today). No desk
 * session is generated here: a settled table moves money, which belongs in the demo's shift and till
 * timeline (decision 137). Idempotent: a store that already has desks is left alone.
 */

const DESKS: DeskSaveBody[] = [
  {
    name: '牡丹厅',
    kind: 'room',
    area: '二楼',
    capacity: 10,
    hourly_fen: 8800,
    min_spend_fen: 30000,
    enabled: true,
  },
  {
    name: '兰亭',
    kind: 'room',
    area: '二楼',
    capacity: 6,
    hourly_fen: 6800,
    min_spend_fen: 20000,
    enabled: true,
  },
  {
    name: '竹轩',
    kind: 'room',
    area: '二楼',
    capacity: 6,
    hourly_fen: 6800,
    min_spend_fen: 0,
    enabled: true,
  },
  {
    name: '开黑五连座',
    kind: 'room',
    area: '电竞区',
    capacity: 5,
    hourly_fen: 0,
    min_spend_fen: 15000,
    enabled: true,
  },
  ...[1, 2, 3, 4, 5, 6].map(
    (i): DeskSaveBody => ({
      name: `T${i}`,
      kind: 'table',
      area: '大厅',
      capacity: i <= 4 ? 4 : 6,
      hourly_fen: i <= 4 ? 1500 : 2000,
      min_spend_fen: 0,
      enabled: i !== 6,
    }),
  ),
];

const PEOPLE: [string, string][] = [
  ['王先生', '13912340001'],
  ['李女士', '13912340002'],
  ['张先生', '13912340003'],
  ['刘女士', '13912340004'],
  ['陈先生', '13912340005'],
  ['杨先生', '13912340006'],
];
/** [days from today, desk index, start hour, hours] */
const SLOTS: [number, number, number, number][] = [
  [1, 0, 19, 4],
  [1, 1, 14, 3],
  [2, 3, 20, 5],
  [2, 4, 15, 2],
  [3, 0, 18, 3],
  [4, 2, 13, 4],
  [5, 1, 19, 3],
  [6, 3, 21, 3],
];

export async function deskDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(
    db,
    sql`select id from netbars where name = '星际网咖旗舰店' limit 1`,
  );
  if (!store[0]) return;
  const s = systemStoreScope(store[0].id);
  const has = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from desks where netbar_id = ${s.netbarId}`,
  );
  if ((has[0]?.n ?? 0) > 0) return;
  const ids: number[] = [];
  for (const d of DESKS) ids.push((await saveDesk(db, s, d)).id);
  const today = shanghaiDateTime().slice(0, 10);
  const day = (n: number) =>
    shanghaiDateTime(new Date(`${today}T12:00:00+08:00`).getTime() + n * 86400_000).slice(0, 10);
  const hh = (h: number) => String(h).padStart(2, '0');
  for (const [i, [n, desk, from, hours]] of SLOTS.entries()) {
    const [name, mobile] = PEOPLE[i % PEOPLE.length]!;
    const end = from + hours;
    await bookDesk(
      db,
      s,
      { name: '前台' },
      {
        request_id: `demo-desk-booking-${i + 1}`,
        desk_id: ids[desk]!,
        customer_name: name,
        mobile,
        start_at: `${day(n)} ${hh(from)}:00`,
        end_at: end >= 24 ? `${day(n + 1)} ${hh(end - 24)}:00` : `${day(n)} ${hh(end)}:00`,
        remark: i % 3 === 0 ? '生日聚会' : undefined,
      },
    );
  }
}
