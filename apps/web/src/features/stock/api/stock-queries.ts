import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDoc, fetchSetting } from './stock-api';
import { stockKeys } from './stock-keys';

export { useItemOptions } from '../../goods/api/goods-queries';

export const settingQuery = () => queryOptions({ queryKey: stockKeys.setting(), queryFn: fetchSetting });
/** The store's negative-stock policy. */
export const useStockSetting = () => useQuery(settingQuery());

/** One document with its lines (a count sheet too). */
export const docQuery = (id: number | null) =>
  queryOptions({ queryKey: stockKeys.doc(id), queryFn: () => fetchDoc(id as number), enabled: !!id });
export const useStockDoc = (id: number | null) => useQuery(docQuery(id));
