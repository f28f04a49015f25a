/** The payment settings query keys (decision 090). */
export const paymentMethodKeys = {
  all: ['payment-method'] as const,
  list: (storeId?: number) => [...paymentMethodKeys.all, 'list', storeId ?? 0] as const,
  payTypes: () => [...paymentMethodKeys.all, 'pay-types'] as const,
  quick: () => [...paymentMethodKeys.all, 'quick'] as const,
  qrcode: () => [...paymentMethodKeys.all, 'qrcode'] as const,
  queue: () => [...paymentMethodKeys.all, 'qrcode-queue'] as const,
};
