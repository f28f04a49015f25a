import { randomBytes } from 'node:crypto';
import {
  fenToYuan,
  maskPersonName,
  type OrderPayLinkBody,
  PAY_LINK_MSG,
  PAY_LINK_PURPOSE_LABELS,
  PAYMENT_MSG,
  type PayLinkCreateBody,
  type PayLinkInfo,
  type PayLinkMember,
  type PayLinkPayBody,
  type PayLinkRow,
  yuanToFen,
} from '@netbar/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { systemStoreScope, type TenantScope } from '../../tenant/index.ts';
import { memberByCard, memberPool } from '../member/index.ts';
import { getOrder } from '../order/index.ts';
import { paymentsOf } from '../payment/index.ts';
import * as repo from './pay-link.repo.ts';
// the settling handler of purpose 'paylink' registers itself
import './pay-link-settle.service.ts';

export interface PayLinkDeps {
  db: Db;
  config: Config;
}

/** Who makes a link: the user, its type, and the store (or agent) it is for. */
export interface LinkMaker {
  userId: number;
  type: number;
}

/** The payment's purpose_ref: `L<id>` for a single-use link (a second payment is a duplicate, refunded
 * automatically by the payment service, decision 161), `L<id>-<request>` for a multi-use one. */
const refOf = (link: PayLinkRow, requestId: string) =>
  link.single_use ? `L${link.id}` : `L${link.id}-${requestId}`.slice(0, 64);
export function createPayLinks(deps: PayLinkDeps) {
  const { db, config } = deps;
  const max = config.PAYMENT_MAX_FEN;

  const fen = (yuan: string | undefined, missing: string): number => {
    if (yuan === undefined) throw new BadInputError(missing);
    const f = yuanToFen(yuan);
    if (f === undefined || !Number.isSafeInteger(f) || f <= 0) throw new BadInputError(PAY_LINK_MSG.amount);
    if (f > max) throw new BadInputError(PAYMENT_MSG.amountOver(fenToYuan(max)));
    return f;
  };

  async function insert(l: Omit<repo.NewLink, 'token'>): Promise<PayLinkRow> {
    const seen = await repo.linkByRequest(db, l.created_by, l.request_id);
    if (seen) return same(seen, l);
    const id = await repo.insertLink(db, { ...l, token: randomBytes(32).toString('base64url') });
    const row = id
      ? await repo.linkOf(db, 'all', id)
      : await repo.linkByRequest(db, l.created_by, l.request_id);
    if (!row) throw new ConflictError(PAY_LINK_MSG.requestUsed);
    return id ? row : same(row, l);
  }
  /** A retried create answers the first link; the same request id for another link is refused. */
  function same(row: PayLinkRow, l: Omit<repo.NewLink, 'token'>) {
    if (row.purpose !== l.purpose || row.amount_fen !== l.amount_fen || row.netbar_id !== l.netbar_id)
      throw new ConflictError(PAY_LINK_MSG.requestUsed);
    return row;
  }

  /** A link that can still be paid, else why not. */
  async function payable(token: string): Promise<PayLinkRow> {
    const l = await repo.linkByToken(db, token);
    if (!l) throw new NotFoundError(PAY_LINK_MSG.invalid);
    if (l.status === '已停用') throw new ConflictError(PAY_LINK_MSG.disabled);
    if (l.status === '已过期') throw new ConflictError(PAY_LINK_MSG.expired);
    if (l.status === '已用完') throw new ConflictError(PAY_LINK_MSG.usedUp);
    return l;
  }

  /** A top-up link's member by card no, else by mobile (exactly one live member of the store's pool). */
  async function memberOf(store: number, key: string): Promise<number> {
    const s = systemStoreScope(store);
    const byCard = await memberByCard(deps, s, key);
    if (byCard) return byCard.id;
    const byMobile = /^1\d{10}$/.test(key)
      ? await repo.memberIdByMobile(db, (await memberPool(db, s)).pool, key)
      : undefined;
    if (!byMobile) throw new BadInputError(PAY_LINK_MSG.memberNotFound);
    return byMobile;
  }

  /** The masked card of a link's member (shown on the public page to confirm whom the money tops up). */
  async function cardOf(l: PayLinkRow): Promise<string> {
    const r = await repo.memberCard(db, l.member_id ?? 0);
    return r ?? '';
  }

  return {
    /** A store's link (/payLink 17): 门店收款, or 会员充值 for one member or any (decision 176). */
    async create(by: LinkMaker, store: number, b: PayLinkCreateBody): Promise<PayLinkRow> {
      if (b.purpose === 'order') throw new BadInputError(PAY_LINK_MSG.orderFromOrder);
      if (b.member && b.purpose !== 'topup') throw new BadInputError(PAY_LINK_MSG.memberOnlyTopup);
      const memberId = b.member ? await memberOf(store, b.member) : null;
      let amount: number | null = null;
      let min: number | null = null;
      let hi: number | null = null;
      if (b.amount_mode === 'fixed') amount = fen(b.amount, PAY_LINK_MSG.fixedAmount);
      else {
        const lo = fen(b.min_amount, PAY_LINK_MSG.range);
        const up = fen(b.max_amount, PAY_LINK_MSG.range);
        if (lo > up) throw new BadInputError(PAY_LINK_MSG.range);
        min = lo;
        hi = up;
      }
      return insert({
        netbar_id: store,
        agent_id: null,
        purpose: b.purpose,
        title: b.title,
        amount_fen: amount,
        min_fen: min,
        max_fen: hi,
        single_use: b.single_use,
        expires_at: new Date(Date.now() + b.expires_days * 86_400_000),
        created_by: by.userId,
        created_type: by.type,
        request_id: b.request_id,
        member_id: memberId,
        order_id: null,
      });
    },

    /** 生成付款链接 of an unpaid order: single use, the order's total; paid as at the counter (decision 176). */
    async orderLink(by: LinkMaker, s: TenantScope, b: OrderPayLinkBody): Promise<PayLinkRow> {
      const { order } = await getOrder(db, s, b.order_id);
      if (order.status !== 'unpaid') throw new ConflictError(PAY_LINK_MSG.orderNotUnpaid);
      if (order.total_fen <= 0) throw new BadInputError(PAY_LINK_MSG.orderZero);
      if (order.total_fen > max) throw new BadInputError(PAYMENT_MSG.amountOver(fenToYuan(max)));
      return insert({
        netbar_id: s.netbarId,
        agent_id: null,
        purpose: 'order',
        title: `订单${order.order_no}`.slice(0, 40),
        amount_fen: order.total_fen,
        min_fen: null,
        max_fen: null,
        single_use: true,
        expires_at: new Date(Date.now() + b.expires_days * 86_400_000),
        created_by: by.userId,
        created_type: by.type,
        request_id: b.request_id,
        member_id: null,
        order_id: order.id,
      });
    },

    /** The public page of an open top-up link: the card entered, answered with the masked name to confirm. */
    async member(token: string, cardNo: string): Promise<PayLinkMember> {
      const l = await payable(token);
      if (l.purpose !== 'topup' || l.member_id !== null) throw new BadInputError(PAY_LINK_MSG.invalid);
      const m = await memberByCard(deps, systemStoreScope(l.netbar_id), cardNo);
      if (!m) throw new NotFoundError(PAY_LINK_MSG.cardNotFound);
      return { name: maskPersonName(m.name), card_mask: m.card_mask };
    },

    /** 我的钱包 → 在线充值: a single-use link of this amount, valid one day, collected by the agent's first store. */
    async walletLink(by: LinkMaker, agentId: number, b: { amount: string; request_id: string }) {
      const amount = fen(b.amount, PAY_LINK_MSG.amount);
      const host = await repo.agentHostStore(db, agentId);
      if (!host) throw new BadInputError(PAY_LINK_MSG.noStore);
      return insert({
        netbar_id: host,
        agent_id: agentId,
        purpose: 'wallet',
        title: '代理商钱包在线充值',
        amount_fen: amount,
        min_fen: null,
        max_fen: null,
        single_use: true,
        expires_at: new Date(Date.now() + 86_400_000),
        created_by: by.userId,
        created_type: by.type,
        request_id: b.request_id,
        member_id: null,
        order_id: null,
      });
    },

    async disable(o: repo.LinkOwner, id: number) {
      if (!(await repo.disableLink(db, o, id))) throw new NotFoundError(PAY_LINK_MSG.notFound);
      return (await repo.linkOf(db, o, id))!;
    },

    async payments(o: repo.LinkOwner, q: { id: number; page: number; page_size: number }) {
      if (!(await repo.linkOf(db, o, q.id))) throw new NotFoundError(PAY_LINK_MSG.notFound);
      return repo.linkPayments(db, q.id, q);
    },

    /** The public page: title, store, amount or its range, and whether it can be paid. */
    async info(token: string): Promise<PayLinkInfo> {
      const l = await repo.linkByToken(db, token);
      if (!l) throw new NotFoundError(PAY_LINK_MSG.invalid);
      return {
        title: l.title,
        store_name: l.netbar_name,
        purpose: l.purpose,
        purpose_label: PAY_LINK_PURPOSE_LABELS[l.purpose],
        amount_fen: l.amount_fen,
        min_fen: l.min_fen,
        max_fen: l.max_fen,
        status: l.status,
        expires_at: l.expires_at,
        member_name: l.member_name,
        member_card: l.member_id ? await cardOf(l) : '',
        needs_card: l.purpose === 'topup' && l.member_id === null,
      };
    },

    /** The customer pays: a payment through the payment service, whose sandbox pay page the browser opens. */
    async pay(b: PayLinkPayBody, publicBase: string): Promise<{ no: string; s: string }> {
      const l = await payable(b.token);
      const store = systemStoreScope(l.netbar_id);
      let member: number | null = null;
      if (l.purpose === 'topup') {
        member = l.member_id;
        if (member === null) {
          if (!b.card_no) throw new BadInputError(PAY_LINK_MSG.cardMissing);
          const m = await memberByCard(deps, store, b.card_no);
          if (!m) throw new NotFoundError(PAY_LINK_MSG.cardNotFound);
          member = m.id;
        }
      }
      if (l.purpose === 'order') {
        const { order } = await getOrder(db, store, l.order_id ?? 0);
        if (order.status !== 'unpaid' || order.total_fen !== l.amount_fen)
          throw new ConflictError(PAY_LINK_MSG.orderGone);
      }
      let amount: number;
      if (l.amount_fen !== null) amount = l.amount_fen;
      else {
        amount = fen(b.amount, PAYMENT_MSG.amountMissing);
        if (amount < (l.min_fen ?? 1) || amount > (l.max_fen ?? max))
          throw new BadInputError(
            PAY_LINK_MSG.outOfRange(fenToYuan(l.min_fen ?? 1), fenToYuan(l.max_fen ?? max)),
          );
      }
      const { payment } = await paymentsOf(deps).create(
        systemStoreScope(l.netbar_id),
        { userId: 0, publicBase },
        {
          purpose: 'paylink',
          purpose_ref: refOf(l, b.request_id),
          amount_fen: amount,
          method: b.method,
          subject: l.title,
          request_id: `link-${b.request_id}`.slice(0, 64),
        },
      );
      if (member !== null)
        await repo.insertIntent(db, { payment_no: payment.payment_no, link_id: l.id, member_id: member });
      const u = new URL(payment.qr_payload);
      const no = u.searchParams.get('no');
      const sig = u.searchParams.get('s');
      if (!no || !sig) throw new NotFoundError(PAYMENT_MSG.payLinkInvalid);
      return { no, s: sig };
    },
  };
}
