import { queryOptions, useQuery } from '@tanstack/react-query';
import { partnerApi } from './partner-api';
import { partnerKeys } from './partner-keys';

export const partnerBindingQuery = () =>
  queryOptions({ queryKey: partnerKeys.binding(), queryFn: partnerApi.binding });
/** The caller's bound partner account, read while the dialog is open. */
export const usePartnerBinding = (enabled: boolean) => useQuery({ ...partnerBindingQuery(), enabled });
