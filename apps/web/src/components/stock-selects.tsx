import { ITEM_KIND_LABELS, STOCK_LOCATION_LABELS } from '@netbar/contract';
import { Select, type SelectProps } from 'antd';

const ITEM_KIND_OPTIONS = (['goods', 'mater'] as const).map((value) => ({
  value,
  label: ITEM_KIND_LABELS[value],
}));
const LOCATION_OPTIONS = (['warehouse', 'counter'] as const).map((value) => ({
  value,
  label: STOCK_LOCATION_LABELS[value],
}));

type FilterProps = Omit<SelectProps<string>, 'options'>;

/** Filter select 商品 / 原料 (item_kind) of the stock lists; clearable, 100px wide unless told. */
export function ItemKindSelect({ placeholder = '类型', style = { width: 100 }, ...rest }: FilterProps) {
  return (
    <Select
      placeholder={placeholder}
      aria-label={typeof placeholder === 'string' ? placeholder : '类型'}
      allowClear
      style={style}
      options={ITEM_KIND_OPTIONS}
      {...rest}
    />
  );
}

/** Filter select 仓库 / 吧台 (location) of the stock lists; clearable, 100px wide unless told. */
export function LocationSelect({ placeholder = '库位', style = { width: 100 }, ...rest }: FilterProps) {
  return (
    <Select
      placeholder={placeholder}
      aria-label={typeof placeholder === 'string' ? placeholder : '库位'}
      allowClear
      style={style}
      options={LOCATION_OPTIONS}
      {...rest}
    />
  );
}
