import type { Conn } from '../../db/client.ts';
import { BadInputError } from '../../lib/errors.ts';

/**
 * How a counter top-up is paid (decision 106's seam). Cash is collected by the cashier before the call,
 * so it has nothing to do; a later method (WeChat, Alipay, the payments issue) implements `collect` —
 * charge or verify inside the top-up's transaction and throw to refuse — and is added to METHODS.
 */
export interface PaymentMethod {
  name: string;
  collect(tx: Conn, p: { amount_fen: number; request_id: string }): Promise<void>;
}

const cash: PaymentMethod = { name: 'cash', collect: async () => {} };

const METHODS: Record<string, PaymentMethod> = { cash };

export function paymentMethod(name: string): PaymentMethod {
  const m = METHODS[name];
  if (!m) throw new BadInputError('暂不支持该支付方式');
  return m;
}
