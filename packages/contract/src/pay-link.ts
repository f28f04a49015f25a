import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_MSG } from './payment';
import { pageQuery } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * Payment links (/payLink 17, issue 16 item 4, decision 167): a link or QR with a fixed or open amount
 * and a purpose. The public page /pay/link/<token> opens it and makes a payment through the payment
 * service; the agent's 我的钱包 makes a single-use wallet-recharge link for its 在线充值.
 */

/** collect 门店收款, topup 会员充值, order 订单 (made from the order, decision 176), wallet 代理商钱包充值 (agents only). */
export const PAY_LINK_PURPOSES = ['collect', 'topup', 'order', 'wallet'] as const;
export type PayLinkPurpose = (typeof PAY_LINK_PURPOSES)[number];
export const PAY_LINK_PURPOSE_LABELS: Record<PayLinkPurpose, string> = {
  collect: '门店收款',
  topup: '会员充值',
  order: '订单支付',
  wallet: '钱包充值',
};
/** Purposes of pay_link_create: a store's 门店收款 and 会员充值 (wallet links are made by 我的钱包, order links
 * by 生成付款链接 on an unpaid order, order_pay_link). 'order' stays accepted to answer where it is made. */
export const PAY_LINK_STORE_PURPOSES = ['collect', 'topup', 'order'] as const;
/** What the 新建收款链接 dialog offers a store. */
export const PAY_LINK_DIALOG_PURPOSES = ['topup', 'collect'] as const;

export const PAY_LINK_STATUSES = ['有效', '已停用', '已过期', '已用完'] as const;
export type PayLinkStatus = (typeof PAY_LINK_STATUSES)[number];

export const PAY_LINK_MSG = {
  purpose: '收款用途不正确',
  notYet: (what: string) => `${what}收款链接暂不支持`,
  title: '标题为1-40个字符',
  amountMode: '金额类型不正确',
  amount: '金额须为大于0且最多两位小数的金额',
  fixedAmount: '固定金额的链接须填写金额',
  range: '不固定金额的链接须填写最低和最高金额，且最低不高于最高',
  outOfRange: (min: string, max: string) => `支付金额须在${min}元至${max}元之间`,
  expiresDays: '有效期须为1-365天',
  notFound: '收款链接不存在',
  invalid: '收款链接无效或已失效',
  disabled: '收款链接已停用',
  expired: '收款链接已过期',
  usedUp: '收款链接已使用，不能再次支付',
  noStore: '暂无可收款的门店，不能在线充值',
  requestUsed: '请求编号已被用于另一个收款链接',
  orderFromOrder: '订单付款链接请在待支付订单上点「生成付款链接」',
  orderNotUnpaid: '订单不是待支付状态，不能生成付款链接',
  orderZero: '订单应收金额为0，无需付款',
  orderGone: '订单已不是待支付状态，不能再支付',
  memberMissing: '请输入会员卡号或手机号',
  memberNotFound: '未找到该会员，请核对卡号或手机号',
  memberFrozen: '该会员卡不可充值',
  cardMissing: '请输入会员卡号',
  cardNotFound: '未找到该会员卡，请核对卡号',
  memberOnlyTopup: '只有会员充值链接可以指定会员',
} as const;

/** A card number or a mobile (the member a top-up link is for; the payer's card on an open link). */
const memberKey = (msg: string) => text(msg, 4, 32, /^[A-Za-z0-9]+$/);

const yuan = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: msg })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: msg }),
  );
const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const boolFromForm = z.preprocess(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '单次/多次使用的选择不正确' }),
);

export const payLinkCreateBody = z.object({
  purpose: z.enum(PAY_LINK_STORE_PURPOSES, { error: PAY_LINK_MSG.purpose }),
  title: text(PAY_LINK_MSG.title, 1, 40),
  amount_mode: z.enum(['fixed', 'open'], { error: PAY_LINK_MSG.amountMode }),
  amount: optional(yuan(PAY_LINK_MSG.amount)),
  min_amount: optional(yuan(PAY_LINK_MSG.amount)),
  max_amount: optional(yuan(PAY_LINK_MSG.amount)),
  single_use: boolFromForm.default(true),
  expires_days: intField(PAY_LINK_MSG.expiresDays, 1, 365).default(7),
  /** 会员充值 for one member: the card no or the mobile; empty = open to any member (the payer enters a card). */
  member: optional(memberKey('会员卡号或手机号为4-32位字母或数字')),
  request_id: requestId,
});
export type PayLinkCreateBody = z.infer<typeof payLinkCreateBody>;

export const payLinkListQuery = pageQuery.extend({
  status: optional(z.enum(PAY_LINK_STATUSES, { error: '链接状态不正确' })),
  purpose: optional(z.enum(PAY_LINK_PURPOSES, { error: PAY_LINK_MSG.purpose })),
  keyword: optional(text('关键词最多40个字符', 1, 40)),
});
export type PayLinkListQuery = z.infer<typeof payLinkListQuery>;

export const payLinkIdBody = z.object({ id: intField('收款链接编号不正确', 1, 2_147_483_647) });
export const payLinkPaymentsQuery = pageQuery.extend({
  id: intField('收款链接编号不正确', 1, 2_147_483_647),
});

/** The public page: the link's token (43 base64url characters of 32 random bytes). */
export const payLinkTokenQuery = z.object({
  token: z
    .string({ error: PAY_LINK_MSG.invalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: PAY_LINK_MSG.invalid }),
});
/** The public page of an open top-up link: the card the payer entered, answered with the masked name. */
export const payLinkMemberQuery = payLinkTokenQuery.extend({
  card_no: memberKey('会员卡号为4-32位字母或数字'),
});
export interface PayLinkMember {
  name: string;
  card_mask: string;
}
export const payLinkPayBody = payLinkTokenQuery.extend({
  amount: optional(yuan(PAYMENT_MSG.amountYuan)),
  /** An open top-up link: the member's card no. */
  card_no: optional(memberKey('会员卡号为4-32位字母或数字')),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MSG.method }).default('aggregate'),
  request_id: requestId,
});
export type PayLinkPayBody = z.infer<typeof payLinkPayBody>;

/** 生成付款链接 of an unpaid order: single use, the order's total, valid 1-30 days (default 1). */
export const orderPayLinkBody = z.object({
  order_id: intField('请选择订单', 1, Number.MAX_SAFE_INTEGER),
  expires_days: intField('有效期须为1-30天', 1, 30).default(1),
  request_id: requestId,
});
export type OrderPayLinkBody = z.infer<typeof orderPayLinkBody>;

/** 我的钱包 → 在线充值: a single-use wallet-recharge link of this amount (yuan). */
export const walletOnlineBody = z.object({
  amount: yuan(PAY_LINK_MSG.amount),
  request_id: requestId,
});

export interface PayLinkRow {
  id: number;
  token: string;
  netbar_id: number;
  netbar_name: string;
  agent_id: number | null;
  purpose: PayLinkPurpose;
  title: string;
  amount_fen: number | null;
  min_fen: number | null;
  max_fen: number | null;
  single_use: boolean;
  status: PayLinkStatus;
  paid_count: number;
  paid_fen: number;
  expires_at: string;
  created_by: number;
  creator_name: string;
  created_at: string;
  /** 会员充值 for one member: the member and its masked name; null = open to any member. */
  member_id: number | null;
  member_name: string;
  /** 订单支付: the order and its number. */
  order_id: number | null;
  order_no: string;
}

export interface PayLinkPaymentRow {
  id: number;
  payment_no: string;
  amount_fen: number;
  method: string;
  status: string;
  paid_at: string;
}

/** What the public page shows. */
export interface PayLinkInfo {
  title: string;
  store_name: string;
  purpose: PayLinkPurpose;
  purpose_label: string;
  amount_fen: number | null;
  min_fen: number | null;
  max_fen: number | null;
  status: PayLinkStatus;
  expires_at: string;
  /** 会员充值 for one member: the masked name and card shown to confirm; empty when the payer enters a card. */
  member_name: string;
  member_card: string;
  /** An open top-up link: the payer enters the member's card no. */
  needs_card: boolean;
}

/** The masked name shown to confirm a member (张** for 张三丰). */
export function maskPersonName(name: string): string {
  const chars = [...name.trim()];
  if (!chars.length) return '会员';
  return `${chars[0]}${'*'.repeat(Math.max(1, Math.min(chars.length - 1, 3)))}`;
}
