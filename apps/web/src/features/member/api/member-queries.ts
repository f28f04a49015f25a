import { MEMBER_AMOUNT_MAX_FEN } from '@netbar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fetchLevels,
  fetchMember,
  fetchMemberCoupons,
  fetchScanInfo,
  fetchSettings,
  fetchTopUpPreview,
} from './member-api';
import { memberKeys } from './member-keys';

export const levelsQuery = () => queryOptions({ queryKey: memberKeys.levels(), queryFn: fetchLevels });
/** The pool's levels (member form, filters, the rights screen). */
export const useLevels = () => useQuery(levelsQuery());

export const memberQuery = (id: number | null) =>
  queryOptions({ queryKey: memberKeys.one(id), queryFn: () => fetchMember(id as number), enabled: !!id });
export const useMember = (id: number | null) => useQuery(memberQuery(id));

/** The promotion a top-up of `fen` would join now (asked only for an amount the server takes). */
export const useTopUpPreview = (memberId: number | undefined, fen: number) =>
  useQuery({
    queryKey: memberKeys.topUpPreview(memberId ?? 0, fen),
    queryFn: () => fetchTopUpPreview(memberId as number, fen),
    enabled: !!memberId && fen > 0 && fen <= MEMBER_AMOUNT_MAX_FEN,
    retry: false,
  });

export const useMemberSettings = () => useQuery({ queryKey: memberKeys.settings(), queryFn: fetchSettings });

/** The public QR logon page: the ticket's store and machine (no retry: an expired ticket stays expired). */
export const useScanInfo = (ticket: string) =>
  useQuery({
    queryKey: memberKeys.scan(ticket),
    queryFn: () => fetchScanInfo(ticket),
    enabled: !!ticket,
    retry: false,
  });

/** The member's coupons (member detail's 优惠券 tab). */
export const useMemberCoupons = (id: number) =>
  useQuery({ queryKey: memberKeys.coupons(id), queryFn: () => fetchMemberCoupons(id) });
