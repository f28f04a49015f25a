import { BarcodeOutlined, SearchOutlined } from '@ant-design/icons';
import { CUSTOM_COLOURS, fenToYuan } from '@netbar/contract';
import { Empty, Input, type InputRef, Segmented, Typography } from 'antd';
import { type Ref, useMemo, useState } from 'react';
import type { Catalog } from '../api/order-api';
import {
  type CatalogGroup,
  type CatalogSku,
  groupLeft,
  searchGroups,
  searchSkus,
  sellable,
  skuByBarcode,
} from '../model/cart';

const ALL = 0;
/** The 「套餐」 tab: goods groups only (decision 142). */
const GROUPS = -1;

export interface GoodsPanelProps {
  catalog: Catalog;
  /** Units of each SKU the cart already takes, groups' items included (a button greys when none are left). */
  inCart: ReadonlyMap<number, number>;
  onSku: (s: CatalogSku) => void;
  onGroup: (g: CatalogGroup) => void;
  /** A scanned code found nothing: the page says so. */
  onUnknownCode: (code: string) => void;
  barcodeRef: Ref<InputRef>;
  searchRef: Ref<InputRef>;
}

/**
 * The left half of the 收银台: a barcode box (a scanner types the code and presses Enter), a search box,
 * category tabs and the goods as buttons in their colour with the counter stock; out of stock greyed
 * and disabled unless the store lets stock go negative. Goods groups (套餐) have a tab of their own and
 * show in 全部 after the goods, with the whole groups the counter still makes.
 */
export function GoodsPanel(p: GoodsPanelProps) {
  const { catalog } = p;
  const [tab, setTab] = useState<number>(ALL);
  const [text, setText] = useState('');
  const [code, setCode] = useState('');
  const shown = useMemo(() => {
    if (tab === GROUPS && !text) return [];
    const found = searchSkus(catalog.skus, text);
    return tab === ALL || text ? found : found.filter((s) => s.category_id === tab);
  }, [catalog.skus, tab, text]);
  const shownGroups = useMemo(
    () => (tab === ALL || tab === GROUPS || text ? searchGroups(catalog.groups, text) : []),
    [catalog.groups, tab, text],
  );

  const scan = () => {
    const c = code.trim();
    if (!c) return;
    const s = skuByBarcode(catalog.skus, c);
    if (s) p.onSku(s);
    else p.onUnknownCode(c);
    setCode('');
  };
  const pickFirst = () => {
    const first = shown.find((s) => sellable(s, catalog.negative, p.inCart.get(s.sku_id)));
    const group = shownGroups.find((g) => groupLeft(g, catalog.negative, p.inCart).ok);
    if (first) p.onSku(first);
    else if (group) p.onGroup(group);
  };
  const options = [
    { label: '全部', value: ALL },
    ...catalog.categories.map((c) => ({ label: c.name, value: c.id })),
    ...(catalog.groups.length ? [{ label: '套餐', value: GROUPS }] : []),
  ];

  return (
    <div className="cashier-goods">
      <div className="cashier-goods-inputs">
        <Input
          ref={p.barcodeRef}
          aria-label="扫码或输入条码"
          placeholder="扫码或输入条码，回车加入（F1）"
          prefix={<BarcodeOutlined />}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onPressEnter={scan}
          allowClear
        />
        <Input
          ref={p.searchRef}
          aria-label="搜索商品"
          placeholder="搜索商品名称，回车加入第一个（F3）"
          prefix={<SearchOutlined />}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={pickFirst}
          allowClear
        />
      </div>
      <Segmented
        className="cashier-tabs"
        options={options}
        value={text ? ALL : tab}
        onChange={(v) => {
          setTab(Number(v));
          setText('');
        }}
      />
      <section className="cashier-grid" aria-label="商品">
        {shown.map((s) => (
          <SkuButton key={s.sku_id} s={s} {...p} />
        ))}
        {shownGroups.map((g) => (
          <GroupButton key={`g${g.group_id}`} g={g} {...p} />
        ))}
        {shown.length + shownGroups.length === 0 && (
          <Empty
            className="cashier-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={text ? '没有匹配的商品' : tab === GROUPS ? '暂无上架套餐' : '暂无上架商品'}
          />
        )}
      </section>
    </div>
  );
}

function SkuButton({ s, catalog, inCart, onSku }: { s: CatalogSku } & GoodsPanelProps) {
  const left = s.qty - (inCart.get(s.sku_id) ?? 0);
  const ok = sellable(s, catalog.negative, inCart.get(s.sku_id));
  const out = s.track_stock && left <= 0;
  return (
    <button
      type="button"
      className={`cashier-btn${out ? ' cashier-btn-out' : ''}`}
      style={{ borderTopColor: CUSTOM_COLOURS[s.colour]?.hex }}
      disabled={!ok}
      aria-label={`${s.name}，${fenToYuan(s.price_fen)}元，${s.track_stock ? `库存${left}` : '不限库存'}`}
      onClick={() => onSku(s)}
    >
      <span className="cashier-btn-name">{s.name}</span>
      <span className="cashier-btn-price">¥{fenToYuan(s.price_fen)}</span>
      <Typography.Text className="cashier-btn-stock" type={out ? 'danger' : 'secondary'}>
        {s.track_stock ? (out ? `缺货 ${left}` : `库存 ${left}`) : '现做'}
      </Typography.Text>
    </button>
  );
}

function GroupButton({ g, catalog, inCart, onGroup }: { g: CatalogGroup } & GoodsPanelProps) {
  const { left, ok } = groupLeft(g, catalog.negative, inCart);
  const out = left !== null && left <= 0;
  const holds = g.items.map((i) => `${i.name}×${i.qty}`).join('、');
  return (
    <button
      type="button"
      className={`cashier-btn cashier-btn-group${out ? ' cashier-btn-out' : ''}`}
      disabled={!ok}
      title={`含：${holds}`}
      aria-label={`套餐${g.name}，${fenToYuan(g.price_fen)}元，${left === null ? '不限库存' : `可售${left}份`}`}
      onClick={() => onGroup(g)}
    >
      <span className="cashier-btn-name">{g.name}</span>
      <span className="cashier-btn-price">¥{fenToYuan(g.price_fen)}</span>
      <Typography.Text className="cashier-btn-stock" type={out ? 'danger' : 'secondary'}>
        {left === null ? '套餐' : out ? '套餐 缺货' : `套餐 可售 ${left}`}
      </Typography.Text>
    </button>
  );
}
