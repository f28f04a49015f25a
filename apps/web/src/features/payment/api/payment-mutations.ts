import type { PayCodeLink } from '@netbar/contract';
import { useInvalidatingMutation } from '../../../lib/mutations';
import { type PayLink, payCodeCreate, payPageCancel, payPagePay } from './payment-api';
import { paymentKeys } from './payment-keys';

export const usePayPagePay = (l: PayLink) =>
  useInvalidatingMutation(() => payPagePay(l), [paymentKeys.payPage(l)], { success: '支付成功' });

export const usePayPageCancel = (l: PayLink) =>
  useInvalidatingMutation(() => payPageCancel(l), [paymentKeys.payPage(l)], { success: '已取消支付' });

/** The customer's amount at a fixed code → a payment; the page then opens its pay link. */
export const usePayCodeCreate = (onLink: (l: PayCodeLink) => void) =>
  useInvalidatingMutation(payCodeCreate, [], { onSuccess: onLink });
