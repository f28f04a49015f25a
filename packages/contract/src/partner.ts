import { z } from 'zod';
import { text } from './validation/helpers';

/**
 * 合作平台账号 (button login_panda, decision 195): a product user binds an account of the partner platform
 * (account and password, the password MD5-hashed in the browser) or has one created and bound at once
 * (快速注册). Bind and register answer `{status, msg, tips}` inside the envelope's data: status 1 is success
 * and tips is the partner platform's one-time login link, opened in a new tab 300 ms after the dialog closes.
 */

export const PARTNER_DIALOG = {
  width: 420,
  /** ms between closing the dialog and opening the returned link (spec section 9). */
  openDelayMs: 300,
} as const;

/** The partner password as sent: the MD5 of what the user typed, 32 hex digits. */
export const MD5_HEX = /^[0-9a-f]{32}$/;

export const pandaBindBody = z.object({
  user_name: text('请输入账号', 1, 60),
  password: z
    .string({ error: '请输入密码' })
    .trim()
    .toLowerCase()
    .regex(MD5_HEX, { error: '密码格式不正确' }),
});
export type PandaBindBody = z.infer<typeof pandaBindBody>;

/** Bind, register and the login link: status 1 success (tips the link), 0 refused (msg says why). */
export interface PandaResult {
  status: 0 | 1;
  msg: string;
  tips: string;
}

/** The caller's binding as the dialog shows it. */
export interface PandaBinding {
  bound: boolean;
  user_name: string;
  origin: '' | 'bind' | 'register';
  bound_at: string;
}
