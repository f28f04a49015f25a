import { type MutationConfig, useInvalidatingMutation } from '../../../lib/mutations';
import {
  deleteCategory,
  deleteGoods,
  deleteGroup,
  deleteMater,
  deletePlan,
  deletePromotion,
  deleteSpec,
  importGoods,
  saveCategory,
  saveGoods,
  saveGroup,
  saveMater,
  savePlan,
  savePromotion,
  saveSpec,
  shelfGoods,
  sortCategory,
} from './goods-api';
import { goodsKeys } from './goods-keys';

/** The goods writes: each invalidates the lists it changes, through the key factory (decision 090). */

type Config<D> = MutationConfig<D>;

export const useSaveCategory = (c?: Config<unknown>) =>
  useInvalidatingMutation(saveCategory, [goodsKeys.categories()], c);
export const useDeleteCategory = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteCategory, [goodsKeys.categories()], c);
export const useSortCategories = (c?: Config<unknown>) =>
  useInvalidatingMutation(sortCategory, [goodsKeys.categories()], c);

export const useSaveSpec = (c?: Config<unknown>) => useInvalidatingMutation(saveSpec, [goodsKeys.specs()], c);
export const useDeleteSpec = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteSpec, [goodsKeys.specs()], c);

/** Goods change the goods list, the item pickers and the category counts. */
const goodsTouched = () => [goodsKeys.goods(), goodsKeys.items(), goodsKeys.categories()];
export const useSaveGoods = (c?: Config<unknown>) => useInvalidatingMutation(saveGoods, goodsTouched(), c);
export const useDeleteGoods = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteGoods, goodsTouched(), c);
export const useShelfGoods = (c?: Config<unknown>) => useInvalidatingMutation(shelfGoods, goodsTouched(), c);
/** The dry run of an import: writes nothing, so it reloads nothing. */
export const useCheckImport = () => useInvalidatingMutation(importGoods, []);
/** Import answers its report; a refused import (bad rows) rejects with the report in HttpError.data. */
export const useImportGoods = (c?: Config<Awaited<ReturnType<typeof importGoods>>>) =>
  useInvalidatingMutation(importGoods, goodsTouched(), c);

export const useSaveMater = (c?: Config<unknown>) =>
  useInvalidatingMutation(saveMater, [goodsKeys.maters(), goodsKeys.items()], c);
export const useDeleteMater = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteMater, [goodsKeys.maters(), goodsKeys.items()], c);

export const useSaveGroup = (c?: Config<unknown>) =>
  useInvalidatingMutation(saveGroup, [goodsKeys.groups()], c);
export const useDeleteGroup = (c?: Config<unknown>) =>
  useInvalidatingMutation(deleteGroup, [goodsKeys.groups()], c);

export const useSavePlan = (c?: Config<unknown>) => useInvalidatingMutation(savePlan, [goodsKeys.plans()], c);
export const useDeletePlan = (c?: Config<unknown>) =>
  useInvalidatingMutation(deletePlan, [goodsKeys.plans()], c);

export const useSavePromotion = (c?: Config<unknown>) =>
  useInvalidatingMutation(savePromotion, [goodsKeys.promotions()], c);
export const useDeletePromotion = (c?: Config<unknown>) =>
  useInvalidatingMutation(deletePromotion, [goodsKeys.promotions()], c);
