import { z } from 'zod';
import { idParam, MOBILE_PATTERN, pageQuery } from './validation/fields';
import { intField, optional, requiredThen, text } from './validation/helpers';
import { type LayoutCell, VENUE_LIMITS } from './venue';

/** The seat map's public link and reservations (issue 12 items 2 and 5; decisions 101, 102). */

export const holdMinutesField = intField(
  `保留时长须为${VENUE_LIMITS.holdMinutesMin}-${VENUE_LIMITS.holdMinutesMax}分钟`,
  VENUE_LIMITS.holdMinutesMin,
  VENUE_LIMITS.holdMinutesMax,
);
export const seatLinkSaveBody = z.object({
  hold_minutes: holdMinutesField,
  enabled: z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: '参数错误' }),
  ),
});
export interface SeatLink {
  token: string;
  hold_minutes: number;
  enabled: boolean;
}

export const seatToken = text('链接无效或已失效', 16, 64, /^[A-Za-z0-9_-]+$/);
const customerName = optional(text('姓名最多20个字符', 1, 20));
const customerMobile = requiredThen('请输入手机号', '手机号格式不正确', 11, MOBILE_PATTERN);

export const publicMapQuery = z.object({ token: seatToken });
export const publicReserveBody = z.object({
  token: seatToken,
  machine_id: idParam,
  mobile: customerMobile,
  name: customerName,
});
export type PublicReserveBody = z.infer<typeof publicReserveBody>;

export const staffReserveBody = z.object({
  machine_id: idParam,
  mobile: customerMobile,
  name: customerName,
  hold_minutes: optional(holdMinutesField),
});
export type StaffReserveBody = z.infer<typeof staffReserveBody>;

export const RESERVATION_STATUSES = ['holding', 'used', 'cancelled', 'expired'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABEL: Record<ReservationStatus, string> = {
  holding: '保留中',
  used: '已到店',
  cancelled: '已取消',
  expired: '已过期',
};
export const reservationListQuery = pageQuery.extend({
  status: optional(z.enum(RESERVATION_STATUSES, { error: '参数错误' })),
});
export const reservationRedeemBody = z.object({ code: text('请输入6位预订码', 6, 6, /^\d{6}$/) });

export interface ReservationRow {
  id: number;
  machine_id: number;
  machine_name: string;
  name: string;
  mobile: string;
  source: 'public' | 'staff';
  status: ReservationStatus;
  created_at: string;
  expires_at: string;
}
export interface ReservationDone {
  id: number;
  code: string;
  machine_name: string;
  expires_at: string;
  hold_minutes: number;
}

/** The public map (/diagram_preview, /jiweitu): no member, session or reservation details. */
export interface PublicSeat {
  id: number;
  name: string;
  free: boolean;
}
export interface PublicArea {
  id: number;
  name: string;
  colour: string;
  cols: number;
  rows: number;
  cells: LayoutCell[];
  seats: PublicSeat[];
}
export interface PublicMap {
  store_name: string;
  hold_minutes: number;
  areas: PublicArea[];
}
