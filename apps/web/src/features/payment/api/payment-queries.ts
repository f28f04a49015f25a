import { useQuery } from '@tanstack/react-query';
import { fetchPayCode, fetchPayPage, type PayLink } from './payment-api';
import { paymentKeys } from './payment-keys';

/** The pay page's payment; refreshed every 5 s while it waits, so a payment made elsewhere shows. */
export const usePayPage = (l: PayLink) =>
  useQuery({
    queryKey: paymentKeys.payPage(l),
    queryFn: () => fetchPayPage(l),
    enabled: !!l.no && !!l.s,
    retry: false,
    refetchInterval: (q) => (q.state.data?.state === '待支付' ? 5_000 : false),
  });

/** The store behind a fixed QR code (only an approved code answers). */
export const usePayCode = (token: string) =>
  useQuery({
    queryKey: paymentKeys.payCode(token),
    queryFn: () => fetchPayCode(token),
    enabled: !!token,
    retry: false,
  });
