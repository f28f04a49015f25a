import { z } from 'zod';
import { MSG } from './messages';
import {
  accountName,
  address,
  captcha,
  city,
  confirmPassword,
  contact,
  district,
  editPassword,
  email,
  ID_MAX,
  machineCount,
  mobile,
  newPassword,
  postcode,
  province,
  qq,
  trueName,
} from './validation/fields';
import { intWithDefault, optional, text } from './validation/helpers';

/** Messages of the account pages (registration, retrieval, security centre, profile). */
export const ACCOUNT_MSG = {
  agree: '请阅读并同意《用户协议》和《安装协议》',
  netbarName: '网吧名称为1-30个字符',
  agentName: '代理商名称为1-30个字符',
  code: '请输入6位数字验证码',
  codeWrong: '验证码错误或已过期',
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  resendWait: (s: number): string => `验证码已发送，请${s}秒后再获取`,
  dailyCapMobile: '该手机号今日获取验证码次数已达上限，请明天再试',
  dailyCapEmail: '该邮箱今日获取验证码次数已达上限，请明天再试',
  dailyCapIp: '当前网络今日获取验证码次数已达上限，请明天再试',
  codeSent: '验证码已发送',
  mobileNotMatch: '手机号与该账号绑定的手机号不一致',
  emailNotMatch: '邮箱与该账号绑定的邮箱不一致',
  noMobile: '该账号未绑定手机号',
  noEmail: '该账号未绑定邮箱',
  ticketExpired: '验证已过期，请重新获取验证码',
  registerDone: '注册成功',
  passwordChanged: '密码修改成功，请使用新密码登录',
  oldPassword: '请输入原密码',
  oldPasswordWrong: '原密码不正确',
  samePassword: '新密码不能与原密码相同',
  verifyOldFirst: '请先验证原手机号或原邮箱',
  sameMobile: '新手机号不能与原手机号相同',
  sameEmail: '新邮箱不能与原邮箱相同',
  opFrom: '验证用途不正确',
  way: '请选择验证方式',
  region: '请选择正确的省市区',
} as const;

const agree = z.preprocess(
  (v) => v === '1' || v === 'true' || v === true || v === 1,
  z.literal(true, { error: ACCOUNT_MSG.agree }),
);

/** A 6-digit code from an SMS or an email. */
export const verifyCode = z
  .string({ error: ACCOUNT_MSG.code })
  .trim()
  .regex(/^\d{6}$/, { error: ACCOUNT_MSG.code });

const registerShape = {
  user_name: accountName,
  password: newPassword,
  confirm_password: confirmPassword,
  true_name: trueName,
  email,
  mobile,
  sms_code: verifyCode,
  province,
  city,
  district,
  address,
  postcode,
  qq,
  agree,
};

const samePassword = (b: { password: string; confirm_password: string }) => b.password === b.confirm_password;
const mismatch = { error: MSG.passwordMismatch, path: ['confirm_password'] };

/** POST register_agent. */
export const registerAgentAccountBody = z
  .object({ ...registerShape, agent_name: text(ACCOUNT_MSG.agentName, 1, 30) })
  .refine(samePassword, mismatch);
export type RegisterAgentAccountBody = z.infer<typeof registerAgentAccountBody>;

/** POST register_netbar: a netbar also gives its name, machine count and contact person. */
export const registerNetbarAccountBody = z
  .object({
    ...registerShape,
    netbar_name: text(ACCOUNT_MSG.netbarName, 1, 30),
    machine_count: machineCount,
    contact,
  })
  .refine(samePassword, mismatch);
export type RegisterNetbarAccountBody = z.infer<typeof registerNetbarAccountBody>;

/** The field schemas of the registration form, for antd rules. */
export const registerFields = z.object({
  ...registerShape,
  agent_name: text(ACCOUNT_MSG.agentName, 1, 30),
  netbar_name: text(ACCOUNT_MSG.netbarName, 1, 30),
  machine_count: machineCount,
  contact,
});

export const userNameQuery = z.object({
  user_name: accountName,
  type: optional(z.enum(['1', '2', '3', '4', '5', '6'], { error: MSG.userType })),
});
export const mobileQuery = z.object({ mobile });
export const mobileCaptchaBody = z.object({ mobile, captcha });
export const areaQuery = z.object({
  parentID: z.preprocess(
    (v) => (v === undefined || v === '' || v === null ? '0' : String(v)),
    z.string().regex(/^(0|\d{2}|\d{4})$/, { error: MSG.badParam }),
  ),
});
export interface AreaItem {
  id: string;
  name: string;
}

/** Password retrieval, step 1: the account plus its mobile or its email, after an image captcha. */
export const retrieveSendMobileBody = z.object({ user_name: accountName, mobile, captcha });
export const retrieveSendEmailBody = z.object({ user_name: accountName, email, captcha });
export const retrieveWay = z.enum(['mobile', 'email'], { error: ACCOUNT_MSG.way });
/** Step 2: the code gives a short-lived ticket. */
export const retrieveCodeVerifyBody = z.object({
  user_name: accountName,
  way: retrieveWay,
  code: verifyCode,
});
/** Step 3: the new password with the ticket. */
export const retrievePasswordBody = z
  .object({
    ticket: z
      .string({ error: ACCOUNT_MSG.ticketExpired })
      .min(10, { error: ACCOUNT_MSG.ticketExpired })
      .max(200),
    password: newPassword,
    confirm_password: confirmPassword,
  })
  .refine(samePassword, mismatch);

/** Profile edit (netbar_user_edit, agent_user_edit): the password is optional. */
const profileShape = {
  id: optional(intWithDefault(MSG.badParam, 1, ID_MAX, 0)),
  true_name: trueName,
  email,
  qq,
  province,
  city,
  district,
  address,
  postcode,
  password: editPassword,
  /** Required (and checked by the server) when password is filled. */
  old_password: optional(
    z.string({ error: ACCOUNT_MSG.oldPassword }).max(128, { error: ACCOUNT_MSG.oldPasswordWrong }),
  ),
};
export const agentUserEditBody = z.object({
  ...profileShape,
  agent_name: optional(text(ACCOUNT_MSG.agentName, 1, 30)),
});
export type AgentUserEditBody = z.infer<typeof agentUserEditBody>;
export const netbarUserEditBody = z.object({ ...profileShape, machine_count: machineCount, contact });
export type NetbarUserEditBody = z.infer<typeof netbarUserEditBody>;

export interface ProfileView {
  id: number;
  user_name: string;
  type: number;
  true_name: string;
  mobile: string;
  email: string;
  qq: string;
  province: string;
  city: string;
  district: string;
  address: string;
  postcode: string;
  created_at: number;
  agent_name?: string;
  netbar_name?: string;
  machine_count?: number;
  contact?: string;
}
