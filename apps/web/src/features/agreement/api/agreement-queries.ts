import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAgreement, fetchAgreementVersions } from './agreement-api';
import { agreementKeys } from './agreement-keys';

export const agreementQuery = (slug: string) =>
  queryOptions({ queryKey: agreementKeys.page(slug), queryFn: () => fetchAgreement(slug) });
export const useAgreement = (slug: string) => useQuery(agreementQuery(slug));

export const agreementVersionsQuery = () =>
  queryOptions({ queryKey: agreementKeys.versions(), queryFn: fetchAgreementVersions });
export const useAgreementVersions = () => useQuery(agreementVersionsQuery());
