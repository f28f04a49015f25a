import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCategories, fetchTemplates } from './coupon-api';
import { couponKeys } from './coupon-keys';

export const categoriesQuery = () =>
  queryOptions({ queryKey: couponKeys.categories(), queryFn: fetchCategories, staleTime: 60_000 });
export const useCategories = () => useQuery(categoriesQuery());
/** The templates a coupon can be issued from (启用). */
export const useActiveTemplates = () =>
  useQuery({
    queryKey: couponKeys.activeTemplates(),
    queryFn: async () => (await fetchTemplates({ page: 1, page_size: 200, status: 'active' })).list,
  });
