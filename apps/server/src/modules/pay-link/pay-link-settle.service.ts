import { type SettleOutcome, settleOrderPayment, settleTopUpPayment } from '../counter-pay/index.ts';
import { onPaymentSettled } from '../payment/index.ts';
import { creditWalletOnline } from '../wallet/index.ts';
import * as repo from './pay-link.repo.ts';

/** The link of a payment's purpose_ref (`L<id>` or `L<id>-<request>`, decision 167). */
const linkIdOfRef = (ref: string) => {
  const m = /^L(\d+)(?:-|$)/.exec(ref);
  return m ? Number(m[1]) : undefined;
};

/**
 * Told in the settling transaction (decision 161): the payment is recorded against its link once (by its
 * number). A wallet-recharge link credits the agent's wallet (idempotent by the payment number); a top-up
 * link tops the member up and an order link pays the order through counter-pay's settle path, as the
 * link's creator (decision 176). A member or order gone meanwhile answers 'refund' (the money goes back,
 * the link records nothing). A throw undoes the settlement, so the acquirer repeats.
 */
onPaymentSettled('paylink', async (tx, p) => {
  const id = linkIdOfRef(p.purpose_ref);
  const link = id ? await repo.lockLinkById(tx, id) : undefined;
  if (!link) throw new Error('收款链接不存在');
  if (link.purpose === 'topup' || link.purpose === 'order') {
    const cashier = await repo.creatorOf(tx, link.created_by);
    let r: SettleOutcome;
    if (link.purpose === 'order') {
      if (!link.order_id) return 'refund';
      r = await settleOrderPayment(tx, p, link.order_id, cashier);
    } else {
      const member = link.member_id ?? (await repo.intentOf(tx, p.payment_no))?.member_id;
      if (!member) return 'refund';
      r = await settleTopUpPayment(tx, p, member, cashier, `收款链接 ${p.payment_no}`);
    }
    if (r.refund) return 'refund';
  }
  const fresh = await repo.recordLinkPayment(tx, {
    link_id: link.id,
    payment_no: p.payment_no,
    amount_fen: p.amount_fen,
    paid_at: p.paid_at ?? new Date(),
  });
  if (!fresh) return;
  if (link.purpose === 'wallet') {
    if (!link.agent_id) throw new Error('钱包充值链接缺少代理商');
    await creditWalletOnline(tx, {
      agentId: link.agent_id,
      amountFen: p.amount_fen,
      paymentNo: p.payment_no,
    });
  }
  // collect: the store's money, nothing else to credit.
});
