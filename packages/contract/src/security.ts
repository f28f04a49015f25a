import { z } from 'zod';
import { ACCOUNT_MSG, verifyCode } from './account';
import { MSG } from './messages';
import { captcha, confirmPassword, email, mobile, newPassword } from './validation/fields';
import { optional } from './validation/helpers';

/** What a security code is for. */
export const SMS_OPS = ['password', 'mobile_old', 'mobile_new'] as const;
export const EMAIL_OPS = ['password', 'email_old', 'email_new'] as const;

export const sendSecuritySmsBody = z
  .object({ captcha, op_from: z.enum(SMS_OPS, { error: ACCOUNT_MSG.opFrom }), mobile: optional(mobile) })
  .refine((b) => b.op_from !== 'mobile_new' || !!b.mobile, { error: MSG.mobileRequired, path: ['mobile'] });
export const sendSecurityEmailBody = z
  .object({ captcha, op_from: z.enum(EMAIL_OPS, { error: ACCOUNT_MSG.opFrom }), email: optional(email) })
  .refine((b) => b.op_from !== 'email_new' || !!b.email, { error: MSG.emailRequired, path: ['email'] });

export const smsCodeVerifyBody = z.object({
  op_from: z.enum(['password', 'mobile_old'], { error: ACCOUNT_MSG.opFrom }),
  code: verifyCode,
});
export const codeBody = z.object({ code: verifyCode });
export const securityCodePasswordBody = z.object({
  way: z.enum(['mobile', 'email'], { error: ACCOUNT_MSG.way }),
  code: verifyCode,
});

export const securityUpdatePasswordBody = z
  .object({
    old_password: optional(z.string().max(128, { error: ACCOUNT_MSG.oldPassword })),
    password: newPassword,
    confirm_password: confirmPassword,
  })
  .refine((b) => b.password === b.confirm_password, {
    error: MSG.passwordMismatch,
    path: ['confirm_password'],
  });
export const securityUpdateMobileBody = z.object({ mobile, code: verifyCode });
export const securityUpdateEmailBody = z.object({ email, code: verifyCode });

export interface SecurityInfo {
  user_name: string;
  mobile: string;
  email: string;
  has_mobile: boolean;
  has_email: boolean;
  /** 1 weak, 2 medium, 3 strong: how many of password, mobile and email protect the account. */
  level: 1 | 2 | 3;
}

export const OP_FROM_LABELS: Record<string, string> = {
  password: '修改密码',
  mobile_old: '验证原手机号',
  mobile_new: '绑定新手机号',
  email_old: '验证原邮箱',
  email_new: '绑定新邮箱',
  register: '注册',
  retrieve: '找回密码',
};
