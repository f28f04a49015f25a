import {
  PAYMENT_MSG,
  PAYMENT_PURPOSE_LABELS,
  type SandboxPayInfo,
  type SandboxPayQuery,
} from '@netbar/contract';
import { safeEqual } from '../../lib/crypto.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { payPageRow } from './payment.repo.ts';
import type { PaymentService } from './payment.service.ts';

/**
 * The public pay page of the sandbox acquirer (what the QR code opens on the customer's phone): it shows
 * the store, the amount and the purpose, and 「确认支付」 makes the sandbox pay (then it notifies us).
 * The link carries a signature of the payment number, so a guessed number opens nothing.
 */
export function createPayPage(svc: PaymentService) {
  const { sandbox } = svc;
  const db = () => svc.db;

  async function checked(q: SandboxPayQuery) {
    if (!safeEqual(await sandbox.linkSig(q.no), q.s)) throw new NotFoundError(PAYMENT_MSG.payLinkInvalid);
    const r = await payPageRow(db(), q.no);
    if (r?.provider !== 'sandbox') throw new NotFoundError(PAYMENT_MSG.payLinkInvalid);
    return r;
  }

  async function info(q: SandboxPayQuery): Promise<SandboxPayInfo> {
    const r = await checked(q);
    const paid = r.sandbox_state === 'SUCCESS' || (r.status !== '待支付' && r.status !== '已关闭');
    const open = !paid && r.sandbox_state === 'NOTPAY' && r.status === '待支付' && r.expires_at > new Date();
    return {
      store_name: r.store_name,
      amount_fen: r.amount_fen,
      purpose: r.purpose,
      purpose_label: PAYMENT_PURPOSE_LABELS[r.purpose],
      subject: r.subject,
      method: r.method,
      state: paid ? '已支付' : open ? '待支付' : '已关闭',
      expires_at: new Date(r.expires_at.getTime() + 8 * 3600_000)
        .toISOString()
        .replace('T', ' ')
        .slice(0, 19),
    };
  }

  return {
    info,
    async pay(q: SandboxPayQuery) {
      await checked(q);
      if ((await sandbox.pay(q.no)) === 'SUCCESS') svc.wake.fn();
      return info(q);
    },
    async cancel(q: SandboxPayQuery) {
      await checked(q);
      await sandbox.cancel(q.no);
      return info(q);
    },
  };
}
