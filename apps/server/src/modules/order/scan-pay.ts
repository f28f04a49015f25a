/**
 * The seam for scan-code payment at the counter (扫码支付): the payments issue plugs a real acquirer in
 * behind this interface; until then the sandbox approves every charge and refund with a made-up
 * reference. Called inside the order's transaction: a refusal throws and nothing is written.
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
