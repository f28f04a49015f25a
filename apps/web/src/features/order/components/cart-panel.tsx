import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { fenToYuan, fenToYuanPlain, yuanToFen } from '@netbar/contract';
import { Button, Empty, Input, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import type { CartAction } from '../model/cart';
import type { PricedCart, PricedCartLine } from '../model/cart-pricing';

const DEAL_COLOURS: Record<string, string> = { 改价: 'orange', 套餐: 'blue' };

export interface CartPanelProps {
  priced: PricedCart;
  selected: string | null;
  onSelect: (key: string) => void;
  dispatch: (a: CartAction) => void;
  /** The user holds the 改价/折扣 grant (the owner always): the unit price can be edited. */
  canDiscount: boolean;
}

/**
 * The cart: one row per SKU or goods group with its unit price (a SKU's editable with the grant),
 * quantity − / +, line total and the deals that priced it; the selected row (↑/↓) is what + − and
 * Delete act on.
 */
export function CartPanel({ priced, selected, onSelect, dispatch, canDiscount }: CartPanelProps) {
  if (!priced.lines.length)
    return (
      <Empty
        className="cashier-cart-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="购物车为空：扫码或点击商品加入"
      />
    );
  return (
    <table className="cashier-cart" aria-label="购物车">
      <thead>
        <tr>
          <th>商品</th>
          <th className="num">单价</th>
          <th className="qty">数量</th>
          <th className="num">小计</th>
          <th aria-label="操作" />
        </tr>
      </thead>
      <tbody>
        {priced.lines.map((l) => (
          <CartRow
            key={l.key}
            l={l}
            active={l.key === selected}
            onSelect={onSelect}
            dispatch={dispatch}
            canDiscount={canDiscount}
          />
        ))}
      </tbody>
    </table>
  );
}

function CartRow({
  l,
  active,
  onSelect,
  dispatch,
  canDiscount,
}: { l: PricedCartLine; active: boolean } & Omit<CartPanelProps, 'priced' | 'selected'>) {
  const [editing, setEditing] = useState<string | null>(null);
  const commit = () => {
    if (editing === null) return;
    const fen = editing.trim() === '' ? undefined : yuanToFen(editing);
    if (editing.trim() === '' || (fen !== undefined && fen >= 0))
      dispatch({ type: 'price', key: l.key, fen: fen === l.base_fen ? undefined : fen });
    setEditing(null);
  };
  // a goods group (套餐) sells at its own price: never edited (decision 142)
  const canEdit = canDiscount && l.available && !l.group;
  return (
    <tr
      className={`${active ? 'active' : ''}${l.available ? '' : ' off'}`}
      aria-selected={active}
      data-testid={`cart-line-${l.key}`}
      onClick={() => onSelect(l.key)}
    >
      <td>
        <div className="cashier-cart-name">{l.name}</div>
        <div>
          {!l.available && <Tag color="default">当前时段不可售</Tag>}
          {l.deals.map((d) => (
            <Tag key={d} color={DEAL_COLOURS[d] ?? 'red'} bordered={false}>
              {d}
            </Tag>
          ))}
        </div>
      </td>
      <td className="num">
        {editing !== null ? (
          <Input
            size="small"
            autoFocus
            aria-label={`${l.name}单价（元）`}
            value={editing}
            onChange={(e) => setEditing(e.target.value)}
            onPressEnter={commit}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.stopPropagation();
                setEditing(null);
              }
            }}
            style={{ width: 76 }}
          />
        ) : (
          <Tooltip title={canEdit ? '点击改价（清空恢复原价）' : undefined}>
            <Typography.Link
              disabled={!canEdit}
              onClick={() => canEdit && setEditing(fenToYuanPlain(l.unit_fen))}
              aria-label={`${l.name}单价 ${fenToYuan(l.unit_fen)} 元${canEdit ? '，点击改价' : ''}`}
            >
              {fenToYuan(l.unit_fen)}
            </Typography.Link>
            {l.unit_fen < l.list_fen && (
              <div className="cashier-cart-was">
                <s>{fenToYuan(l.list_fen)}</s>
              </div>
            )}
            {l.unit_fen > l.base_fen && (
              <Typography.Text type="danger" className="cashier-cart-was">
                高于售价
              </Typography.Text>
            )}
          </Tooltip>
        )}
      </td>
      <td className="qty">
        <Button
          size="small"
          icon={<MinusOutlined />}
          aria-label={`${l.name}减一`}
          disabled={l.qty <= 1}
          onClick={() => dispatch({ type: 'step', key: l.key, by: -1 })}
        />
        <span className="cashier-qty">{l.qty}</span>
        <Button
          size="small"
          icon={<PlusOutlined />}
          aria-label={`${l.name}加一`}
          onClick={() => dispatch({ type: 'step', key: l.key, by: 1 })}
        />
      </td>
      <td className="num">
        <Typography.Text strong>{fenToYuan(l.total_fen)}</Typography.Text>
      </td>
      <td>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={`删除${l.name}`}
          onClick={(e) => {
            e.stopPropagation();
            dispatch({ type: 'remove', key: l.key });
          }}
        />
      </td>
    </tr>
  );
}
