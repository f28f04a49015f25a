import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchCatalog,
  fetchDeskOptions,
  fetchDrawOffer,
  fetchMachineOptions,
  fetchReceiptTemplate,
  fetchSeatQueue,
  fetchShift,
  fetchUsableCoupons,
  findMembers,
} from './order-api';
import { orderKeys } from './order-keys';

export const catalogQuery = () =>
  queryOptions({ queryKey: orderKeys.catalog(), queryFn: fetchCatalog, staleTime: 30_000 });
/** The goods buttons, stock at the counter, plans, promotions and the member rule (one call); reloaded after each sale. */
export const useCatalog = () => useQuery(catalogQuery());

export const memberFindQuery = (text: string) =>
  queryOptions({
    queryKey: orderKeys.memberFind(text),
    queryFn: () => findMembers(text),
    enabled: text.length > 0,
    staleTime: 0,
  });

/** The seat-order queue; the live channel's new BUY refreshes it (seat-queue.tsx). */
export const useSeatQueue = () =>
  useQuery({ queryKey: orderKeys.seatQueue(), queryFn: fetchSeatQueue, refetchInterval: 60_000 });

/** Machines or tables an order can go to, loaded when the cashier picks that kind. */
export const useTargetOptions = (kind: 'seat' | 'table' | null) =>
  useQuery({
    queryKey: orderKeys.targets(kind ?? 'seat'),
    queryFn: kind === 'table' ? fetchDeskOptions : fetchMachineOptions,
    enabled: kind !== null,
    staleTime: 5 * 60_000,
  });

/** The cashier's open shift (a sale moves its figures: the ring-up reloads it). */
export const useShift = () =>
  useQuery({ queryKey: orderKeys.shift(), queryFn: fetchShift, staleTime: 30_000 });

/** The template receipts print with (kept for the session: owners change it rarely). */
export const useReceiptTemplate = () =>
  useQuery({ queryKey: orderKeys.receipt(), queryFn: fetchReceiptTemplate, staleTime: 10 * 60_000 });

/** 收银抽奖: the draw the paid member order may take (decision 177); none for a non-member order. */
export const useDrawOffer = (orderNo: string, enabled: boolean) =>
  useQuery({
    queryKey: orderKeys.drawOffer(orderNo),
    queryFn: () => fetchDrawOffer(orderNo),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The attached member's usable coupons (none without a member); reloaded after each sale. */
export const useUsableCoupons = (memberId: number | undefined) =>
  useQuery({
    queryKey: orderKeys.coupons(memberId ?? 0),
    queryFn: () => fetchUsableCoupons(memberId!),
    enabled: !!memberId,
    staleTime: 0,
  });
