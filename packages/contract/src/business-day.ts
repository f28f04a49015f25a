import { z } from 'zod';

/**
 * The business day (decision 151): each store says when its day starts, Asia/Shanghai 'HH:mm' (default
 * 08:00). A moment belongs to the day whose start it is at or after: with 08:00, a sale at 03:00 on the
 * 2nd belongs to the 1st. Every operating report groups by it.
 */
export const DAY_START_DEFAULT = '08:00';
export const DAY_START_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const DAY_START_MSG = '营业日开始时间格式不正确（HH:mm）';

export const dayStartBody = z.object({
  day_start: z
    .string({ error: '请选择营业日开始时间' })
    .trim()
    .min(1, { error: '请选择营业日开始时间', abort: true })
    .regex(DAY_START_PATTERN, { error: DAY_START_MSG }),
});
export type DayStartBody = z.infer<typeof dayStartBody>;

export interface DayStartSetting {
  /** 'HH:mm' */
  day_start: string;
  updated_by: string;
  updated_at: string | null;
}

export const dayStartMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const dayStartText = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The business day ('YYYY-MM-DD') of an instant for a store whose day starts at `startMinute`. */
export function businessDay(at: Date | number, startMinute: number): string {
  const ms = (typeof at === 'number' ? at : at.getTime()) + 8 * 3600_000 - startMinute * 60_000;
  return new Date(ms).toISOString().slice(0, 10);
}
