import type { ItemKindValue } from './enums';

/** Stock locations: the warehouse (仓库) and the counter (吧台). */
export const StockLocation = { Warehouse: 'warehouse', Counter: 'counter' } as const;
export type StockLocationValue = (typeof StockLocation)[keyof typeof StockLocation];
export const STOCK_LOCATION_LABELS: Record<StockLocationValue, string> = {
  warehouse: '仓库',
  counter: '吧台',
};

export const STOCK_DOC_TYPES = [
  'goods_in',
  'goods_out',
  'goods_bar_in',
  'goods_bar_out',
  'goods_loss',
  'check',
  'mater_in',
  'mater_out',
  'mater_bar_in',
  'mater_bar_out',
  'mater_loss',
] as const;
export type StockDocTypeValue = (typeof STOCK_DOC_TYPES)[number];

export const StockDocType = {
  goods_in: 'goods_in',
  goods_out: 'goods_out',
  goods_bar_in: 'goods_bar_in',
  goods_bar_out: 'goods_bar_out',
  goods_loss: 'goods_loss',
  check: 'check',
  mater_in: 'mater_in',
  mater_out: 'mater_out',
  mater_bar_in: 'mater_bar_in',
  mater_bar_out: 'mater_bar_out',
  mater_loss: 'mater_loss',
} as const satisfies Record<StockDocTypeValue, StockDocTypeValue>;

export interface StockDocInfo {
  /** The item kind the document moves; `check` counts goods (materials are counted with the same sheet). */
  itemKind: ItemKindValue;
  title: string;
  /** Where the quantity leaves; null when it enters from outside (a receipt) or for a count sheet. */
  from: StockLocationValue | null;
  /** Where the quantity arrives; null when it leaves the netbar (issue, loss) or for a count sheet. */
  to: StockLocationValue | null;
}

const IN = { title: '入库单', from: null, to: 'warehouse' } as const;
const OUT = { title: '出库单', from: 'warehouse', to: null } as const;
const BAR_IN = { title: '补货单', from: 'warehouse', to: 'counter' } as const;
const BAR_OUT = { title: '退库单', from: 'counter', to: 'warehouse' } as const;
const LOSS = { title: '报损单', from: 'warehouse', to: null } as const;

export const STOCK_DOC_INFO: Record<StockDocTypeValue, StockDocInfo> = {
  goods_in: { itemKind: 'goods', ...IN },
  goods_out: { itemKind: 'goods', ...OUT },
  goods_bar_in: { itemKind: 'goods', ...BAR_IN },
  goods_bar_out: { itemKind: 'goods', ...BAR_OUT },
  goods_loss: { itemKind: 'goods', ...LOSS },
  check: { itemKind: 'goods', title: '盘点单', from: null, to: null },
  mater_in: { itemKind: 'mater', ...IN },
  mater_out: { itemKind: 'mater', ...OUT },
  mater_bar_in: { itemKind: 'mater', ...BAR_IN },
  mater_bar_out: { itemKind: 'mater', ...BAR_OUT },
  mater_loss: { itemKind: 'mater', ...LOSS },
};

export function isStockDocType(v: unknown): v is StockDocTypeValue {
  return typeof v === 'string' && Object.hasOwn(STOCK_DOC_INFO, v);
}

/** Title of the hidden /stock/warehousing_list page for its `stockType` query. */
export function stockDocTitle(stockType: string): string | undefined {
  return isStockDocType(stockType) ? STOCK_DOC_INFO[stockType].title : undefined;
}
