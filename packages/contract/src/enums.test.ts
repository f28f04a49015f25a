import { describe, expect, it } from 'vitest';
import { ACTIVITY_KIND_LABELS, CUSTOM_COLOURS, MessageKind } from './enums';
import { IMPORT_PRODUCT_CODES, IMPORT_PRODUCT_INFO, importSendsHashedPassword } from './import-products';
import { STOCK_DOC_INFO, stockDocTitle } from './stock-docs';
import { isUserType, USER_TYPE_LABELS } from './user-types';

describe('enums', () => {
  it('user types', () => {
    expect(USER_TYPE_LABELS[4]).toBe('内部管理员');
    expect(isUserType(6)).toBe(true);
    expect(isUserType(7)).toBe(false);
    expect(isUserType(1.5)).toBe(false);
  });
  it('stock documents move stock between warehouse and counter', () => {
    expect(STOCK_DOC_INFO.goods_bar_in).toMatchObject({
      from: 'warehouse',
      to: 'counter',
      itemKind: 'goods',
    });
    expect(STOCK_DOC_INFO.mater_bar_out).toMatchObject({
      from: 'counter',
      to: 'warehouse',
      itemKind: 'mater',
    });
    expect(STOCK_DOC_INFO.goods_in).toMatchObject({ from: null, to: 'warehouse' });
    expect(stockDocTitle('check')).toBe('盘点单');
    expect(stockDocTitle('toString')).toBeUndefined();
  });
  it('import products: only 4.0 and 5.0 hash passwords', () => {
    expect(IMPORT_PRODUCT_CODES.filter(importSendsHashedPassword)).toEqual([9, 10]);
    expect(IMPORT_PRODUCT_INFO[7].variants?.map((v) => v.value)).toEqual(['housekeeper', 'pubwinol']);
  });
  it('labels', () => {
    expect(ACTIVITY_KIND_LABELS.PUBG).toBe('绝地求生');
    expect(Object.keys(CUSTOM_COLOURS)).toHaveLength(6);
    expect(MessageKind.UNKNOWN).toBe(-1);
  });
});
