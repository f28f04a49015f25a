import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPaymentList, fetchPayTypes, fetchQuickPayment, fetchStoreQrcode } from './payment-method-api';
import { paymentMethodKeys } from './payment-method-keys';

/** The store's methods (or, for a chain head, another store of its chain). */
export const paymentListQuery = (storeId?: number) =>
  queryOptions({ queryKey: paymentMethodKeys.list(storeId), queryFn: () => fetchPaymentList(storeId) });
export const usePaymentList = (storeId?: number) => useQuery(paymentListQuery(storeId));

export const usePayTypes = () => useQuery({ queryKey: paymentMethodKeys.payTypes(), queryFn: fetchPayTypes });
export const useQuickPayment = () =>
  useQuery({ queryKey: paymentMethodKeys.quick(), queryFn: fetchQuickPayment });
export const useStoreQrcode = () =>
  useQuery({ queryKey: paymentMethodKeys.qrcode(), queryFn: fetchStoreQrcode });
