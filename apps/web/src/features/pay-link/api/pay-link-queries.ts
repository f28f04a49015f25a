import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPayLinkInfo } from './pay-link-api';
import { payLinkKeys } from './pay-link-keys';

export const payLinkInfoQuery = (token: string) =>
  queryOptions({ queryKey: payLinkKeys.info(token), queryFn: () => fetchPayLinkInfo(token), retry: false });
export const usePayLinkInfo = (token: string) => useQuery({ ...payLinkInfoQuery(token), enabled: !!token });
