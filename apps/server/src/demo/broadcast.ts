import { BROADCAST_DEFAULT_TEMPLATES, BROADCAST_EVENTS, type BroadcastEvent } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';

/** 星际网咖旗舰店's own words for each event (the defaults elsewhere). */
const TEMPLATES: Partial<Record<BroadcastEvent, string>> = {
  seat_order: '{机器号}号机点单：{商品}，共{金额}，请及时送达',
  service_call: '{机器号}号机{会员名}呼叫网管：{内容}',
  birthday: '{机器号}号机的{会员名}今天生日，祝生日快乐',
};

/**
 * 语音播报 for 星际网咖旗舰店 (decision 189): every event on with the store's templates, normal rate, 80 %
 * volume, spoken once; quiet hours 01:00-08:00 set but off (a 24-hour store). Idempotent: a saved row is kept.
 */
export async function broadcastDemo(db: Db): Promise<void> {
  const store = await rows<{ id: number }>(db, sql`select id from netbars where name = '星际网咖旗舰店'`);
  const nid = store[0]?.id;
  if (!nid) return;
  const events = JSON.stringify(
    BROADCAST_EVENTS.map((event) => ({
      event,
      enabled: true,
      template: TEMPLATES[event] ?? BROADCAST_DEFAULT_TEMPLATES[event],
    })),
  );
  await rows(
    db,
    sql`insert into broadcast_settings (netbar_id, events, voice, rate_x10, volume, repeat_count, quiet_enabled,
          quiet_start, quiet_end, updated_by)
        values (${nid}, ${events}::jsonb, '', 10, 80, 1, false, '01:00', '08:00', '演示数据')
        on conflict (netbar_id) do nothing`,
  );
}
