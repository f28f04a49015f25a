/** The response envelope of every service: `{status, msg, data}` (docs/api-conventions.md). */
export interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

export const Status = {
  OK: 200,
  OK_ALT: 10000,
  BAD_INPUT: 40000,
  FORBIDDEN: 40003,
  NOT_FOUND: 40004,
  UNAUTHENTICATED: 40005,
  SILENT_1: 40006,
  SILENT_2: 40007,
  CONFLICT: 40009,
  TOO_LARGE: 41300,
  TOO_MANY: 42900,
  INTERNAL: 50000,
  UNKNOWN_PATH: 404,
} as const;

export type StatusValue = (typeof Status)[keyof typeof Status];

/** HTTP status code that accompanies each envelope status. */
export const HTTP_STATUS_FOR: Record<StatusValue, number> = {
  200: 200,
  10000: 200,
  40000: 400,
  40003: 403,
  40004: 404,
  40005: 401,
  40006: 200,
  40007: 200,
  40009: 409,
  41300: 413,
  42900: 429,
  50000: 500,
  404: 404,
};

function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return undefined;
}

/** Success rule of spec section 7: status 200 or 10000, or code 10000, 0 or 1. */
export function isSuccess(body: { status?: unknown; code?: unknown } | null | undefined): boolean {
  if (body === null || body === undefined || typeof body !== 'object') return false;
  const status = toNumber(body.status);
  if (status === Status.OK || status === Status.OK_ALT) return true;
  const code = toNumber(body.code);
  return code === 10000 || code === 0 || code === 1;
}

/** 40006 and 40007: the client shows nothing. */
export function isSilent(status: unknown): boolean {
  const n = toNumber(status);
  return n === Status.SILENT_1 || n === Status.SILENT_2;
}

export interface Pager<T> {
  list: T[];
  page: number;
  page_size: number;
  count: number;
  /** Keyset lists: the cursor of the next page (`after=`), null on the last page. */
  next?: string | null;
  /** Keyset lists: `count` is cached or estimated, page by next/previous rather than numbers. */
  estimated?: boolean;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { status: Status.OK, msg, data };
}

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const FILTER_PAGE_SIZE = 1000;
export const MAX_PAGE_SIZE = 1000;
export const STORE_PAGE_SIZE = 20;

export const REQUEST_TIMEOUT_MS = 120000;
export const SMS_RESEND_SECONDS = 180;
export const IMPORT_POLL_MS = 3000;
export const STORE_LOAD_DELAY_MS = 3000;
export const NOTICE_MAX_INTERVAL_MS = 20 * 60 * 1000;
export const IMPORT_DIALOG_WIDTH = 700;
export const PARTNER_DIALOG_WIDTH = 420;
export const NEW_TAB_DELAY_MS = 300;
export const MAX_ACCOUNTS_PER_MOBILE = 10;
export const NOTICE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const CHUNK_TIMEOUT_MS = 120000;

/** Field limits of spec section 9. */
export const LIMITS = {
  accountMin: 4,
  accountMax: 30,
  passwordMin: 6,
  passwordMax: 16,
  nameMin: 1,
  nameMax: 25,
  contactMin: 1,
  contactMax: 10,
  addressMin: 1,
  addressMax: 50,
  postcodeMin: 1,
  postcodeMax: 10,
  qqMin: 4,
  qqMax: 20,
  machineMin: 1,
  machineMax: 300,
} as const;
