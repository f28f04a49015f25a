import { z } from 'zod';
import {
  boolField,
  customerMobile,
  customerName,
  dateTime,
  day,
  optId,
  remark,
  requestId,
} from './desk-fields';
import { MONEY_MAX_FEN } from './goods';
import { fromShanghai } from './shanghai-time';
import { ID_MAX, idParam, pageQuery } from './validation/fields';
import { intField, intWithDefault, optional, text } from './validation/helpers';

/**
 * Private rooms and tables (包间 / 桌台; application private_room 10521) and the table orders
 * (/order/desk_order_list 265): desks, bookings by time slot, a desk session opened at the counter and
 * settled at the end (issue 13 item 4; docs/decisions/130-desk-sessions.md).
 */

export const DESK_KINDS = ['room', 'table'] as const;
export type DeskKind = (typeof DESK_KINDS)[number];
export const DESK_KIND_LABEL: Record<DeskKind, string> = { room: '包间', table: '桌台' };

export const DESK_LIMITS = {
  nameMax: 20,
  areaMax: 20,
  capacityMax: 100,
  remarkMax: 100,
  /** Longest booking: one day. */
  bookingMaxMinutes: 24 * 60,
  /** How far ahead a booking may start. */
  bookingAheadDays: 90,
  /** A booking nobody opened this many minutes after its start is released as 未到店. */
  noShowMinutes: 30,
} as const;

// desks

/** A fen amount; absent or empty is 0. */
const fenOrZero = (label: string) => intWithDefault(`${label}须为0-1000000元之间的金额`, 0, MONEY_MAX_FEN, 0);

export const deskSaveBody = z
  .object({
    id: optId(),
    name: text(`名称为1-${DESK_LIMITS.nameMax}个字符`, 1, DESK_LIMITS.nameMax),
    kind: z.enum(DESK_KINDS, { error: '请选择类型（包间或桌台）' }),
    area: optional(text(`区域最多${DESK_LIMITS.areaMax}个字符`, 1, DESK_LIMITS.areaMax)),
    capacity: intField(`可容纳人数须为1-${DESK_LIMITS.capacityMax}的整数`, 1, DESK_LIMITS.capacityMax),
    hourly_fen: fenOrZero('每小时价格'),
    min_spend_fen: fenOrZero('最低消费'),
    enabled: boolField.default(true),
    remark,
  })
  .refine((b) => b.hourly_fen > 0 || b.min_spend_fen > 0, {
    error: '请填写每小时价格或最低消费',
    path: ['hourly_fen'],
  });
export type DeskSaveBody = z.infer<typeof deskSaveBody>;

export const deskListQuery = pageQuery.extend({
  kind: optional(z.enum(DESK_KINDS, { error: '参数错误' })),
  enabled: optional(boolField),
  keyword: optional(z.string({ error: '参数错误' }).trim().max(20, { error: '关键字最多20个字符' })),
});
export type DeskListQuery = z.infer<typeof deskListQuery>;

export interface DeskRow {
  id: number;
  name: string;
  kind: DeskKind;
  area: string;
  capacity: number;
  hourly_fen: number;
  min_spend_fen: number;
  enabled: boolean;
  remark: string;
  created_at: string;
}

// bookings

export const BOOKING_STATUSES = ['booked', 'seated', 'cancelled', 'no_show'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABEL: Record<BookingStatus, string> = {
  booked: '已预订',
  seated: '已到店',
  cancelled: '已取消',
  no_show: '未到店',
};

const minutesBetween = (a: string, b: string) =>
  (fromShanghai(b).getTime() - fromShanghai(a).getTime()) / 60_000;

export const deskBookingBody = z
  .object({
    request_id: requestId,
    desk_id: intField('请选择包间/桌台', 1, ID_MAX),
    member_id: optId('请选择会员'),
    customer_name: customerName,
    mobile: customerMobile,
    start_at: dateTime('开始时间格式为YYYY-MM-DD HH:mm'),
    end_at: dateTime('结束时间格式为YYYY-MM-DD HH:mm'),
    remark,
  })
  .refine((b) => b.member_id !== undefined || b.mobile !== undefined, {
    error: '请填写顾客手机号或选择会员',
    path: ['mobile'],
  })
  .refine((b) => minutesBetween(b.start_at, b.end_at) > 0, {
    error: '结束时间须晚于开始时间',
    path: ['end_at'],
  })
  .refine((b) => minutesBetween(b.start_at, b.end_at) <= DESK_LIMITS.bookingMaxMinutes, {
    error: '单次预订最长24小时',
    path: ['end_at'],
  });
export type DeskBookingBody = z.infer<typeof deskBookingBody>;

export const deskBookingListQuery = pageQuery.extend({
  /** Bookings whose slot touches this CST day. */
  date: optional(day('日期格式为YYYY-MM-DD')),
  desk_id: optId(),
  status: optional(z.enum(BOOKING_STATUSES, { error: '参数错误' })),
});
export type DeskBookingListQuery = z.infer<typeof deskBookingListQuery>;

export const deskBookingCancelBody = z.object({ id: idParam, reason: remark });

export interface DeskBookingRow {
  id: number;
  desk_id: number;
  desk_name: string;
  member_id: number | null;
  member_name: string;
  customer_name: string;
  mobile: string;
  start_at: string;
  end_at: string;
  status: BookingStatus;
  remark: string;
  created_by: string;
  created_at: string;
}
