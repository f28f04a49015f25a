import { z } from 'zod';
import { ID_MAX, MOBILE_PATTERN } from './validation/fields';
import { intField, text } from './validation/helpers';

/**
 * Member passwords and logon at a machine (issue 12 item 7, docs/decisions/104): a member's password is
 * 6-16 letters or digits (the 6-digit PIN most cafe members type on the client's keypad fits); it is
 * stored only as an argon2id hash and never returned. 5 wrong tries lock the member's password logon
 * for 15 minutes. A PC may also show a QR code: the member confirms the logon on a phone (/scan_logon).
 */

export const MEMBER_PASSWORD_MSG = '会员密码为6-16位字母或数字';
export const memberPassword = text(MEMBER_PASSWORD_MSG, 6, 16, /^[A-Za-z0-9]+$/);

export const MEMBER_LOGON_LIMITS = {
  /** Wrong passwords before a member's password logon is locked. */
  failMax: 5,
  lockMinutes: 15,
  /** A QR logon ticket lives this long (seconds). */
  ticketSeconds: 120,
  /** Wrong confirmations one ticket takes before it is void. */
  ticketFailMax: 5,
} as const;

export const MEMBER_LOGON_MSG = {
  wrongPassword: '会员密码错误',
  passwordNeeded: '该会员已设置密码，请输入会员密码',
  passwordNotSet: '该会员未设置密码，请到前台设置密码后再上机',
  cardOnlyOff: '本店要求凭会员密码上机，该会员尚未设置密码，请到前台设置',
  /** Public page: never says whether the card exists. */
  wrongAccount: '卡号（手机号）或密码错误',
  mobileShared: '该手机号登记了多张会员卡，请使用卡号登录',
  ticketGone: '二维码已失效，请在电脑上刷新二维码',
  ticketUsed: '二维码已使用，请在电脑上刷新二维码',
  ticketTooMany: '错误次数过多，二维码已作废，请在电脑上刷新二维码',
} as const;

/** The lock's refusal: how long is left. */
export const memberLockedMsg = (seconds: number) =>
  `会员密码错误次数过多，请${Math.max(1, Math.ceil(seconds / 60))}分钟后再试`;

export const memberPasswordBody = z.object({
  id: intField('参数错误', 1, ID_MAX),
  password: memberPassword,
});

/** A logon ticket: 32 random bytes, base64url. */
export const logonTicket = z
  .string({ error: MEMBER_LOGON_MSG.ticketGone })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: MEMBER_LOGON_MSG.ticketGone });

export const terminalQrTicketBody = z.object({ machine_id: intField('机器编号无效', 1, ID_MAX) });
export const terminalQrStatusQuery = z.object({ ticket: logonTicket });
export const scanLogonInfoQuery = z.object({ ticket: logonTicket });
/** The phone's confirmation: a card number or a mobile number, and the member's password. */
export const scanLogonBody = z.object({
  ticket: logonTicket,
  account: z
    .string({ error: '请输入卡号或手机号' })
    .trim()
    .regex(/^[A-Za-z0-9]{1,32}$/, { error: '请输入卡号或手机号' }),
  password: memberPassword,
});
export const isMobileAccount = (a: string) => MOBILE_PATTERN.test(a);

/** What the PC receives for a new ticket. */
export interface QrTicket {
  ticket: string;
  /** The page the QR code opens (PUBLIC_URL, else the address the call came to). */
  url: string;
  expires_in: number;
}

/** The public page before confirmation: the store and the machine, nothing about any member. */
export interface ScanLogonInfo {
  store_name: string;
  machine_name: string;
  expires_in: number;
}

/** A ticket as the PC polls it. */
export type QrTicketStatus =
  | { state: 'waiting'; expires_in: number }
  | { state: 'done'; session_id: number; member_name: string; level_name: string; machine_id: number }
  | { state: 'failed'; reason: string };
