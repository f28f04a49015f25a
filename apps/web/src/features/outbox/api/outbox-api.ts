import type { OutboxRow, Pager } from '@netbar/contract';
import { http } from '../../../lib/http';

export type OutboxFilters = { channel?: 'sms' | 'email'; to?: string };

/** outbox_list: every SMS and email the platform sent (administrators). */
export async function fetchOutbox(p: OutboxFilters & { page: number; page_size: number }) {
  return (await http.get<Pager<OutboxRow>>('outbox_list', p)).data;
}
