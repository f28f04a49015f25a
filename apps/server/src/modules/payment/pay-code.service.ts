import { PAYMENT_MSG, type PayCodeBody, type PayCodeLink } from '@netbar/contract';
import { NotFoundError } from '../../lib/errors.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { storeOfPayCode } from '../payment-method/index.ts';
import type { PaymentService } from './payment.service.ts';

/**
 * A store's fixed QR code (决策 162, approved by the payment company) opens /pay/code/<token>: the
 * customer types the amount and a payment of the store (purpose 柜台收款) is made, whose pay link the page
 * then opens. A code that is unknown, pending, rejected or withdrawn opens nothing.
 */
export function createPayCode(svc: PaymentService) {
  const store = async (token: string) => {
    const s = await storeOfPayCode(svc.db, token);
    if (!s) throw new NotFoundError('收款码无效或未通过审核');
    return s;
  };
  return {
    async info(token: string) {
      const s = await store(token);
      return { store_name: s.netbar_name };
    },
    async pay(b: PayCodeBody, publicBase: string): Promise<PayCodeLink> {
      const s = await store(b.token);
      const { payment } = await svc.create(
        systemStoreScope(s.netbar_id),
        { userId: 0, publicBase },
        {
          purpose: 'counter',
          amount: b.amount,
          method: b.method,
          subject: '固定收款码',
          request_id: `code-${b.request_id}`.slice(0, 64),
        },
      );
      const u = new URL(payment.qr_payload);
      const no = u.searchParams.get('no');
      const sig = u.searchParams.get('s');
      // a store whose acquirer is not the sandbox has no pay page of ours
      if (!no || !sig) throw new NotFoundError(PAYMENT_MSG.payLinkInvalid);
      return { no, s: sig };
    },
  };
}
