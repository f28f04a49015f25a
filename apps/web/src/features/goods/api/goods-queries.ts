import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCategories, fetchGoods, fetchItemOptions, fetchMaters, fetchSpecs } from './goods-api';
import { goodsKeys } from './goods-keys';

/** The goods pickers' queries: queryOptions own the key, hooks take `enabled` (e.g. while a dialog is open). */

const OPTIONS_PAGE = { page: 1, page_size: 1000 };

export const categoryOptionsQuery = () =>
  queryOptions({ queryKey: goodsKeys.categoryOptions(), queryFn: () => fetchCategories({}) });
export const useCategoryOptions = (enabled = true) => useQuery({ ...categoryOptionsQuery(), enabled });

export const specOptionsQuery = () =>
  queryOptions({ queryKey: goodsKeys.specOptions(), queryFn: fetchSpecs });
export const useSpecOptions = (enabled = true) => useQuery({ ...specOptionsQuery(), enabled });

export const materOptionsQuery = () =>
  queryOptions({ queryKey: goodsKeys.materOptions(), queryFn: () => fetchMaters(OPTIONS_PAGE) });
export const useMaterOptions = (enabled = true) => useQuery({ ...materOptionsQuery(), enabled });

export const goodsOptionsQuery = () =>
  queryOptions({ queryKey: goodsKeys.goodsOptions(), queryFn: () => fetchGoods(OPTIONS_PAGE) });
export const useGoodsOptions = (enabled = true) => useQuery({ ...goodsOptionsQuery(), enabled });

export const itemOptionsQuery = () =>
  queryOptions({ queryKey: goodsKeys.items(), queryFn: fetchItemOptions });
export const useItemOptions = (enabled = true) => useQuery({ ...itemOptionsQuery(), enabled });
