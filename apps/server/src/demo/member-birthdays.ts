import { shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/**
 * 生日 for 星际网咖旗舰店's first 24 members (decision 183): spread over the year, the first one born on the
 * seed's (Beijing) day, so the 生日奖励 promotion has someone to pay today. Fixed dates; idempotent (a store
 * whose members already have a birthday is left alone).
 */
export async function memberBirthdayDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const nid = store[0]?.id;
  if (!nid) return;
  const done = await rows(
    db,
    sql`select 1 from member_birthdays b join members m on m.id = b.member_id where m.pool_id = ${nid} limit 1`,
  );
  if (done.length) return;
  const members = await rows<{ id: number }>(
    db,
    sql`select id from members where pool_id = ${nid} and status = 1 order by id limit 24`,
  );
  const today = shanghaiDate().slice(5);
  const values = members.map((m, i) => {
    const md =
      i === 0 && today !== '02-29'
        ? today
        : `${String((i % 12) + 1).padStart(2, '0')}-${String(((i * 7) % 28) + 1).padStart(2, '0')}`;
    const born = `${1980 + ((i * 3) % 25)}-${md}`;
    return sql`(${m.id}, ${md}, ${born}::date)`;
  });
  if (!values.length) return;
  await rows(
    db,
    sql`insert into member_birthdays (member_id, md, born_on) values ${sql.join(values, sql`, `)}
        on conflict (member_id) do nothing`,
  );
}
