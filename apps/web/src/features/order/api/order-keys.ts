/** The cashier's query keys (decision 090): a sale invalidates `catalog` (stock levels) and `seat`. */
export const orderKeys = {
  all: ['order'] as const,
  catalog: () => [...orderKeys.all, 'catalog'] as const,
  memberFind: (text: string) => [...orderKeys.all, 'member-find', text] as const,
  shift: () => [...orderKeys.all, 'shift'] as const,
  seatQueue: () => [...orderKeys.all, 'seat-queue'] as const,
  receipt: () => [...orderKeys.all, 'receipt-template'] as const,
  drawOffer: (orderNo: string) => [...orderKeys.all, 'draw-offer', orderNo] as const,
  targets: (kind: 'seat' | 'table') => [...orderKeys.all, 'targets', kind] as const,
  coupons: (memberId: number) => [...orderKeys.all, 'coupons', memberId] as const,
};
