import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBanks, fetchDraft, fetchMerchant, fetchPaymentConf, fetchRegions } from './merchant-api';
import { merchantKeys } from './merchant-keys';

export const merchantQuery = (id: number) =>
  queryOptions({ queryKey: merchantKeys.detail(id), queryFn: () => fetchMerchant(id) });
/** One merchant with masked numbers and signed document links (they expire: refetched every 5 minutes). */
export const useMerchant = (id: number | undefined) =>
  useQuery({ ...merchantQuery(id ?? 0), enabled: !!id, refetchInterval: 5 * 60_000 });

export const useDraft = () => useQuery({ queryKey: merchantKeys.draft(), queryFn: fetchDraft });
export const usePaymentConf = () => useQuery({ queryKey: merchantKeys.conf(), queryFn: fetchPaymentConf });
export const useBanks = () =>
  useQuery({ queryKey: merchantKeys.banks(), queryFn: fetchBanks, staleTime: Infinity });
export const useRegions = (parent: string | undefined) =>
  useQuery({
    queryKey: merchantKeys.regions(parent ?? ''),
    queryFn: () => fetchRegions(parent!),
    enabled: parent !== undefined,
    staleTime: Infinity,
  });
