import { fenToYuan } from '@netbar/contract';

/** 65 → 1小时5分钟; 0 → 0分钟. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h}小时${m ? `${m}分钟` : ''}` : `${m}分钟`;
}

/** Money in yuan with its unit, as the session screens show it. */
export const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

/** A per-hour price. */
export const perHour = (fen: number) => `${fenToYuan(fen)}元/小时`;
