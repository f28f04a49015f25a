import type {
  CategoryRow,
  GoodsListQuery,
  GoodsRow,
  GroupRow,
  ImportReport,
  ItemOption,
  MaterRow,
  Pager,
  Promotion,
  SalesPlan,
  SpecRow,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The goods calls (one fetcher per call); keys in goods-keys.ts, hooks in goods-queries/goods-mutations. */

export type { ImportReport, ItemOption };

type Params = Record<string, unknown>;

export const fetchCategories = async (p: Params = {}) =>
  (await http.get<Pager<CategoryRow>>('goods_class_list', p)).data;
export const saveCategory = (v: Params) => http.post<{ id: number }>('goods_class_save', v);
export const deleteCategory = (id: number) => http.post<null>('goods_class_delete', { id });
export const sortCategory = (ids: number[]) =>
  http.post<{ count: number }>('goods_class_sort', { ids: ids.join(',') });

export const fetchSpecs = async () => (await http.get<Pager<SpecRow>>('goods_spec_list')).data;
export const saveSpec = (v: { id?: number; name: string; values: string[] }) =>
  http.post<{ id: number }>('goods_spec_save', v, { json: true });
export const deleteSpec = (id: number) => http.post<null>('goods_spec_delete', { id });

export const fetchGoods = async (p: Partial<GoodsListQuery> & Params) =>
  (await http.get<Pager<GoodsRow>>('goods_list', p)).data;
export const fetchGoodsDetail = async (id: number) => (await http.get<GoodsRow>('goods_detail', { id })).data;
export const saveGoods = (v: Params) => http.post<{ id: number }>('goods_save', v, { json: true });
export const shelfGoods = ({ ids, shelf_status }: { ids: number[]; shelf_status: 1 | 2 }) =>
  http.post<{ count: number }>('goods_shelf', { ids: ids.join(','), shelf_status });
export const deleteGoods = (id: number) => http.post<null>('goods_delete', { id });
export const exportGoods = () => downloadFile('goods_export', undefined, '商品列表.xlsx');
export const downloadTemplate = () => downloadFile('goods_import_template', undefined, '商品导入模板.xlsx');
export async function importGoods({ file, dryRun }: { file: File; dryRun: boolean }) {
  const form = new FormData();
  form.append('file', file);
  return http.post<ImportReport>(`goods_import?dry_run=${dryRun ? 1 : 0}`, form, { silent: true });
}

export const fetchItemOptions = async () =>
  (await http.get<Pager<ItemOption>>('goods_item_options')).data.list;

export const fetchMaters = async (p: Params) =>
  (await http.get<Pager<MaterRow>>('goods_matter_list', p)).data;
export const saveMater = (v: Params) => http.post<{ id: number }>('goods_matter_save', v);
export const deleteMater = (id: number) => http.post<null>('goods_matter_delete', { id });

export const fetchGroups = async () => (await http.get<Pager<GroupRow>>('goods_group_list')).data;
export const saveGroup = (v: Params) => http.post<{ id: number }>('goods_group_save', v, { json: true });
export const deleteGroup = (id: number) => http.post<null>('goods_group_delete', { id });

export const fetchPlans = async () => (await http.get<Pager<SalesPlan>>('goods_sales_plan_list')).data;
export const savePlan = (v: Params) => http.post<{ id: number }>('goods_sales_plan_save', v, { json: true });
export const deletePlan = (id: number) => http.post<null>('goods_sales_plan_delete', { id });

export type PromotionRow = Promotion & { start_at: string; end_at: string };
export const fetchPromotions = async () =>
  (await http.get<Pager<PromotionRow>>('commodity_promotion_list')).data;
export const savePromotion = (v: Params) =>
  http.post<{ id: number }>('commodity_promotion_save', v, { json: true });
export const deletePromotion = (id: number) => http.post<null>('commodity_promotion_delete', { id });
