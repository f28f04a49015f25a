import type { Domain } from '../domain.ts';
import { memberRoutes } from './member.routes.ts';
import { memberLevelRoutes } from './member-level.routes.ts';
import { memberMoneyRoutes } from './member-money.routes.ts';

/** 会员、余额（本金/奖励/积分）、等级权益、积分兑换. */
export const memberDomain: Domain = {
  name: 'member',
  service: 'passport',
  routes: [memberRoutes, memberMoneyRoutes, memberLevelRoutes],
};

/** 消费退款: an order's member payment back to the card (issue 13). */
export { refundConsume } from './member-consume-refund.ts';
/** Card numbers at rest (decision 106), for the file import's bulk write (decision 190). */
export { type CardCipher, cipherFor, memberFieldKey } from './member-crypto.ts';
/** A lease deposit paid from the balance given back (decision 128). */
export { refundDepositConsume } from './member-deposit-refund.ts';
// What other modules may use.
export { consumeMember } from './member-money.service.ts';
/** 营销活动: the activity module's hook on every top-up (decision 178). */
export { setTopUpHook, splitSpend, type TopUpHook } from './member-move.ts';
/** Member passwords at a machine (decision 104): the terminal's logon and the public QR confirmation. */
export { checkAccountLogon, checkTerminalLogon } from './member-password.service.ts';
export { type MemberPool, memberPool } from './member-pool.ts';
/** 享受会员价: whether a member pays member prices, for the order and the quote (decision 188). */
export { memberPriceOf } from './member-price.ts';
/** An activity's price and prize on the member ledger, in the claim's transaction (decision 173). */
export { prizeMove } from './member-prize.ts';
export { memberByCard, memberOne } from './member-read.service.ts';
/** 会员充值 paid by scan, credited in the payment's settling transaction (decision 169). */
export { memberForTopUp, topUpByScan } from './member-scan-topup.ts';
/** A tip from 本金 to a staff member, in the tip module's transaction (decision 148). */
export { tipFromPrincipal } from './member-tip.ts';
