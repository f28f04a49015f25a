/**
 * The instant scan seam (扫码支付 recorded as paid at once): what the demo's history and a table's bill
 * still use. The counter's scan payment is asynchronous (decision 169, modules/counter-pay): the order
 * stays 待支付 until the acquirer settles it, then payLocked runs with `scanRef` (no charge here), and its
 * refund goes back through the payment service by `scanRefunder` after the order's transaction commits.
 */
export interface ScanPayAdapter {
  charge(p: {
    netbar_id: number;
    order_no: string;
    amount_fen: number;
    request_id: string;
  }): Promise<{ ref: string }>;
  refund(p: {
    netbar_id: number;
    order_no: string;
    amount_fen: number;
    request_id: string;
    ref: string;
  }): Promise<{ ref: string }>;
}

export const sandboxScanPay: ScanPayAdapter = {
  async charge(p) {
    return { ref: `SANDBOX-${p.order_no}-${p.request_id}` };
  },
  async refund(p) {
    return { ref: `SANDBOX-R-${p.order_no}-${p.request_id}` };
  },
};

let current: ScanPayAdapter = sandboxScanPay;
/** The adapter in use (the sandbox unless the payments module sets one). */
export const scanPay = (): ScanPayAdapter => current;
export function setScanPay(a: ScanPayAdapter): void {
  current = a;
}

/** Gives back part of a settled payment (its number) through the acquirer; set by modules/counter-pay. */
export type ScanRefunder = (p: {
  netbar_id: number;
  payment_no: string;
  amount_fen: number;
  request_id: string;
  reason: string;
}) => Promise<void>;
let refunder: ScanRefunder | undefined;
export const scanRefunder = (): ScanRefunder | undefined => refunder;
export function setScanRefunder(r: ScanRefunder): void {
  refunder = r;
}
/** A scan payment's reference that is a payment of the payment service (not the instant seam's). */
export const isPaymentNo = (ref: string) => /^P\d{14}[0-9A-F]{8}$/.test(ref);
