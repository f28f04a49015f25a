import { type Pager, STORE_PAGE_SIZE, type StoreRow } from '@netbar/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { storeKeys } from './store-keys';

export type { StoreRow };

export interface StoreListParams {
  page: number;
  page_size?: number;
  keyword?: string;
}

/** GET get_store_list: the stores the user may switch to (page size 20, searchable by name). */
export async function fetchStoreList(params: StoreListParams): Promise<Pager<StoreRow>> {
  const res = await http.get<Pager<StoreRow>>('get_store_list', {
    page: params.page,
    page_size: params.page_size ?? STORE_PAGE_SIZE,
    keyword: params.keyword ?? '',
  });
  return res.data;
}

export const storeListQuery = (params: StoreListParams) =>
  queryOptions({
    queryKey: storeKeys.list(params),
    queryFn: () => fetchStoreList(params),
    placeholderData: keepPreviousData,
  });

export function useStoreList(params: StoreListParams, enabled: boolean) {
  return useQuery({ ...storeListQuery(params), enabled });
}
