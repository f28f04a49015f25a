import type { PayLinkRow } from '@netbar/contract';
import { useInvalidatingMutation } from '../../../lib/mutations';
import {
  createPayLink,
  disablePayLink,
  orderPayLink,
  payLinkPay,
  walletOnlineRecharge,
} from './pay-link-api';
import { payLinkKeys } from './pay-link-keys';

export const useCreatePayLink = (onDone: (l: PayLinkRow) => void) =>
  useInvalidatingMutation(createPayLink, [payLinkKeys.list()], {
    success: '收款链接已创建',
    onSuccess: onDone,
  });
export const useDisablePayLink = () =>
  useInvalidatingMutation(disablePayLink, [payLinkKeys.list()], { success: '收款链接已停用' });
export const usePayLinkPay = (onLink: (l: { no: string; s: string }) => void) =>
  useInvalidatingMutation(payLinkPay, [], { onSuccess: onLink });
/** 我的钱包 → 在线充值: the link is made, then its QR shown. */
export const useWalletOnline = (onDone: (l: PayLinkRow) => void) =>
  useInvalidatingMutation(walletOnlineRecharge, [], { onSuccess: onDone });
/** 生成付款链接 of an unpaid order (decision 176): the link is made, then its QR shown. */
export const useOrderPayLink = (onDone: (l: PayLinkRow) => void) =>
  useInvalidatingMutation(orderPayLink, [payLinkKeys.list()], {
    success: '付款链接已生成',
    onSuccess: onDone,
  });
