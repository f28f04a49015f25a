import type { PayLink } from './payment-api';

/** The payment query keys (decision 090): every payment query's key comes from here. */
export const paymentKeys = {
  all: ['payment'] as const,
  payPage: (l: PayLink) => [...paymentKeys.all, 'pay-page', l.no, l.s] as const,
  payCode: (token: string) => [...paymentKeys.all, 'pay-code', token] as const,
};
