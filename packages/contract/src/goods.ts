import { z } from 'zod';
import { customColourEnum, shelfStatusEnum } from './enum-schemas';
import { ID_MAX, pageQuery } from './validation/fields';
import {
  emptyToUndefined,
  intField,
  intWithDefault,
  numberFromForm,
  optional,
  text,
} from './validation/helpers';

/** Goods catalogue (spec section 2 /goods): categories, specifications, goods with SKUs and recipes, materials, groups. */

export const MONEY_MAX_FEN = 100_000_000;
export const QTY_MAX = 100_000_000;

export const fenField = (label: string) => intField(`${label}须为0-1000000元之间的金额`, 0, MONEY_MAX_FEN);
export const qtyField = (label: string, min = 1) =>
  intField(`${label}须为${min}-${QTY_MAX}之间的整数`, min, QTY_MAX);
const boolField = z.preprocess(
  (v) =>
    v === 'true' || v === '1' || v === 1 || v === true
      ? true
      : v === 'false' || v === '0' || v === 0 || v === false
        ? false
        : v,
  z.boolean({ error: '参数错误' }),
);
const optId = z.preprocess(
  (v) => numberFromForm(emptyToUndefined(v)),
  z
    .number({ error: '参数错误' })
    .int({ error: '参数错误' })
    .min(1, { error: '参数错误' })
    .max(ID_MAX, { error: '参数错误' })
    .optional(),
);
/** A JSON array in a form field, or a real array in a JSON body. */
export function jsonArray<T extends z.ZodType>(item: T, msg: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(item, { error: msg }),
  );
}
export const selectedIds = z.preprocess(
  (v) =>
    typeof v === 'string' ? v.split(',').filter(Boolean).map(Number) : Array.isArray(v) ? v.map(Number) : v,
  z
    .array(
      z
        .number({ error: '请选择数据' })
        .int({ error: '请选择数据' })
        .min(1, { error: '请选择数据' })
        .max(ID_MAX, { error: '请选择数据' }),
      { error: '请选择数据' },
    )
    .min(1, { error: '请选择数据' })
    .max(1000, { error: '一次最多处理1000条' }),
);

export const keywordQuery = pageQuery.extend({
  keyword: optional(z.string().trim().max(50, { error: '关键字最多50个字符' })),
});

// categories (class_list, 92)
export const categorySaveBody = z.object({
  id: optId,
  name: text('分类名称为1-20个字符', 1, 20),
  sort: intWithDefault('排序须为0-9999的整数', 0, 9999, 0),
  shared: boolField.optional().default(false),
});
export type CategorySaveBody = z.infer<typeof categorySaveBody>;
export const categorySortBody = z.object({ ids: selectedIds });
export interface CategoryRow {
  id: number;
  name: string;
  sort: number;
  shared: boolean;
  own: boolean;
  netbar_name: string;
  goods_count: number;
}

// specifications (goods_specifications, 200)
export const specSaveBody = z.object({
  id: optId,
  name: text('规格名称为1-20个字符', 1, 20),
  values: jsonArray(text('规格值为1-20个字符', 1, 20), '请输入规格值')
    .refine((a) => a.length >= 1 && a.length <= 20, { error: '规格值为1-20项' })
    .refine((a) => new Set(a).size === a.length, { error: '规格值不能重复' }),
});
export type SpecSaveBody = z.infer<typeof specSaveBody>;
export interface SpecRow {
  id: number;
  name: string;
  values: string[];
}

// materials (goods_matter, 207)
export const materSaveBody = z.object({
  id: optId,
  name: text('原料名称为1-30个字符', 1, 30),
  unit: text('单位为1-10个字符', 1, 10),
  barcode: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{4,32}$/, { error: '条码为4-32位字母或数字' }),
  ),
  cost_fen: fenField('成本价'),
  low_stock: intWithDefault('库存预警须为0-100000000的整数', 0, QTY_MAX, 0),
});
export type MaterSaveBody = z.infer<typeof materSaveBody>;
export interface MaterRow {
  id: number;
  name: string;
  unit: string;
  barcode: string;
  cost_fen: number;
  low_stock: number;
  qty: number;
}

// goods (goods_list, 64)
export const skuInput = z.object({
  id: optId,
  spec: z.string({ error: '规格值最多40个字符' }).trim().max(40, { error: '规格值最多40个字符' }).default(''),
  barcode: optional(
    z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{4,32}$/, { error: '条码为4-32位字母或数字' }),
  ),
  cost_fen: fenField('成本价'),
  price_fen: fenField('售价'),
  member_price_fen: fenField('会员价'),
});
export type SkuInput = z.infer<typeof skuInput>;
export const recipeInput = z.object({
  mater_id: intField('请选择原料', 1, ID_MAX),
  qty: qtyField('原料用量'),
});

export const goodsSaveBody = z.object({
  id: optId,
  name: text('商品名称为1-30个字符', 1, 30),
  category_id: intField('请选择商品分类', 1, ID_MAX),
  unit: text('单位为1-10个字符', 1, 10),
  image_url: optional(z.string().trim().max(300, { error: '图片地址过长' })),
  shelf_status: z.preprocess(numberFromForm, shelfStatusEnum).default(1),
  colour: z.preprocess(numberFromForm, customColourEnum).default(1),
  track_stock: boolField.default(true),
  low_stock: intWithDefault('库存预警须为0-100000000的整数', 0, QTY_MAX, 0),
  skus: jsonArray(skuInput, '请至少填写一个规格')
    .refine((a) => a.length >= 1 && a.length <= 50, { error: '规格数为1-50个' })
    .refine((a) => new Set(a.map((s) => s.spec)).size === a.length, { error: '规格值不能重复' }),
  recipe: jsonArray(recipeInput, '配方格式不正确')
    .refine((a) => new Set(a.map((r) => r.mater_id)).size === a.length, { error: '配方中的原料不能重复' })
    .default([]),
});
export type GoodsSaveBody = z.infer<typeof goodsSaveBody>;
export const goodsListQuery = keywordQuery.extend({
  category_id: optId,
  shelf_status: optional(z.preprocess(numberFromForm, shelfStatusEnum)),
});
export type GoodsListQuery = z.infer<typeof goodsListQuery>;
export const goodsShelfBody = z.object({
  ids: selectedIds,
  shelf_status: z.preprocess(numberFromForm, shelfStatusEnum),
});

export interface SkuRow {
  id: number;
  spec: string;
  barcode: string;
  cost_fen: number;
  price_fen: number;
  member_price_fen: number;
  qty: number;
}
export interface GoodsRow {
  id: number;
  name: string;
  category_id: number;
  category_name: string;
  unit: string;
  image_url: string;
  shelf_status: 1 | 2;
  colour: 1 | 2 | 3 | 4 | 5 | 6;
  track_stock: boolean;
  low_stock: number;
  skus: SkuRow[];
  recipe: { mater_id: number; mater_name: string; unit: string; qty: number }[];
}

// goods groups (goods_group, 267)
export const groupSaveBody = z.object({
  id: optId,
  name: text('组合名称为1-30个字符', 1, 30),
  price_fen: fenField('组合售价'),
  shelf_status: z.preprocess(numberFromForm, shelfStatusEnum).default(1),
  items: jsonArray(
    z.object({ sku_id: intField('请选择商品', 1, ID_MAX), qty: qtyField('数量') }),
    '请选择组合商品',
  )
    .refine((a) => a.length >= 2 && a.length <= 20, { error: '组合须包含2-20个商品' })
    .refine((a) => new Set(a.map((i) => i.sku_id)).size === a.length, { error: '组合中的商品不能重复' }),
});
export type GroupSaveBody = z.infer<typeof groupSaveBody>;
export interface GroupRow {
  id: number;
  name: string;
  price_fen: number;
  shelf_status: 1 | 2;
  items: { sku_id: number; name: string; qty: number; price_fen: number }[];
}

/** Columns of the goods import sheet (the template and the export use them too). */
export const GOODS_SHEET_COLUMNS = [
  '商品名称',
  '分类',
  '单位',
  '规格',
  '条码',
  '成本价(元)',
  '售价(元)',
  '会员价(元)',
  '管理库存(是/否)',
  '库存预警',
] as const;
