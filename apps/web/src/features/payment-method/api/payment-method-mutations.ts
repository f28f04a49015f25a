import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  applyQrcode,
  auditQrcode,
  deletePaymentMethod,
  enablePaymentMethod,
  savePaymentMethod,
  savePaymentSort,
  switchQuickPayment,
} from './payment-method-api';
import { paymentMethodKeys } from './payment-method-keys';

/** A method write changes the list, the pay-type catalogue's marks and whether quick payment may be on. */
const all = [paymentMethodKeys.all];
type Config = MutationConfig<unknown>;

export const useSavePaymentMethod = (c?: Config) => useInvalidatingMutation(savePaymentMethod, all, c);
export const useEnablePaymentMethod = (c?: Config) => useInvalidatingMutation(enablePaymentMethod, all, c);
export const useDeletePaymentMethod = (c?: Config) => useInvalidatingMutation(deletePaymentMethod, all, c);
export const useSavePaymentSort = (c?: Config) => useInvalidatingMutation(savePaymentSort, all, c);
export const useSwitchQuickPayment = (c?: Config) =>
  useInvalidatingMutation(switchQuickPayment, [paymentMethodKeys.quick()], c);
export const useApplyQrcode = (c?: Config) =>
  useInvalidatingMutation(applyQrcode, [paymentMethodKeys.qrcode()], c);
export const useAuditQrcode = (c?: Config) =>
  useInvalidatingMutation(auditQrcode, [paymentMethodKeys.queue()], c);
