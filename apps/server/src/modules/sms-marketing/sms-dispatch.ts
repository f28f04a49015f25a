import { fromShanghai, quietUntil, shanghaiDate } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import type { Delivery } from '../outbox/index.ts';
import {
  claimQueued,
  dueCampaigns,
  expand,
  finishIfDrained,
  handedSince,
  markFailed,
} from './sms-dispatch.repo.ts';

export interface DispatchResult {
  sent: number;
  failed: number;
  deferred: boolean;
}

/**
 * One pass of the SMS marketing dispatcher (decision 179): nothing in quiet hours (21:00-08:00 Shanghai);
 * each due campaign is expanded once, then its queued messages go through the outbox delivery, at most
 * the store's daily cap per Shanghai day (the rest wait for the next day). A message is marked sent before
 * it leaves, so a crash or a second dispatcher never sends it twice.
 */
export async function dispatchSms(
  db: Db,
  delivery: Pick<Delivery, 'send'>,
  dailyCap: number,
  now = new Date(),
): Promise<DispatchResult> {
  const out = { sent: 0, failed: 0, deferred: false };
  if (quietUntil(now)) return { ...out, deferred: true };
  const dayStart = fromShanghai(shanghaiDate(now));
  for (const c of await dueCampaigns(db, now)) {
    await db.transaction((tx) => expand(tx, c));
    const room = dailyCap - (await handedSince(db, c.netbar_id, dayStart));
    if (room <= 0) continue;
    for (const m of await claimQueued(db, c.id, room, now)) {
      try {
        await delivery.send({
          channel: 'sms',
          to: m.mobile,
          purpose: 'marketing',
          subject: c.name,
          text: c.full_text,
          maskedText: c.full_text,
          params: { content: c.full_text },
          template: 'MARKETING',
          ip: '',
        });
        out.sent++;
      } catch (e) {
        await markFailed(db, m.id, e instanceof Error ? e.message : String(e));
        out.failed++;
      }
    }
    await finishIfDrained(db, c.id);
  }
  return out;
}
