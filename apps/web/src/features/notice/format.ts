import { NOTICE_TIME_FORMAT } from '@netbar/contract';
import dayjs from 'dayjs';

/** Epoch seconds → YYYY-MM-DD HH:mm:ss (spec section 9); empty for a missing time. */
export function formatEpoch(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '';
  return dayjs.unix(seconds).format(NOTICE_TIME_FORMAT);
}
