import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchLevels, fetchMember, fetchScanInfo, fetchSettings } from './member-api';
import { memberKeys } from './member-keys';

export const levelsQuery = () => queryOptions({ queryKey: memberKeys.levels(), queryFn: fetchLevels });
/** The pool's levels (member form, filters, the rights screen). */
export const useLevels = () => useQuery(levelsQuery());

export const memberQuery = (id: number | null) =>
  queryOptions({ queryKey: memberKeys.one(id), queryFn: () => fetchMember(id as number), enabled: !!id });
export const useMember = (id: number | null) => useQuery(memberQuery(id));

export const useMemberSettings = () => useQuery({ queryKey: memberKeys.settings(), queryFn: fetchSettings });

/** The public QR logon page: the ticket's store and machine (no retry: an expired ticket stays expired). */
export const useScanInfo = (ticket: string) =>
  useQuery({
    queryKey: memberKeys.scan(ticket),
    queryFn: () => fetchScanInfo(ticket),
    enabled: !!ticket,
    retry: false,
  });
