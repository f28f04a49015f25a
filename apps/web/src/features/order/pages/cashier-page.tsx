import { fenToYuan, type MemberCouponRow, type MemberRow, PERM, UserType } from '@netbar/contract';
import { Alert, Button, type InputRef, Popconfirm, Skeleton, Space, Typography } from 'antd';
import { useMemo, useReducer, useRef, useState } from 'react';
import { useAppState } from '../../../lib/app-state';
import { feedback } from '../../../lib/feedback';
import { authPathIds } from '../../../lib/user';
import { useCurrentStoreName } from '../../store/api/current-store';
import { useCatalog, useReceiptTemplate } from '../api/order-queries';
import { CartPanel } from '../components/cart-panel';
import { CashierStyles } from '../components/cashier-styles';
import { CouponPicker, couponOff } from '../components/coupon-picker';
import { DoneModal } from '../components/done-modal';
import { GoodsPanel } from '../components/goods-panel';
import { MemberBar } from '../components/member-bar';
import { PayModal } from '../components/pay-modal';
import { ScanWaitModal } from '../components/scan-wait-modal';
import { SeatQueue } from '../components/seat-queue';
import { ShiftBar } from '../components/shift-bar';
import { ShortcutBar } from '../components/shortcut-bar';
import { TargetPicker } from '../components/target-picker';
import { useCashierKeys } from '../components/use-cashier-keys';
import { type Target, useCheckout } from '../components/use-checkout';
import { useCustomerDisplay } from '../components/use-customer-display';
import { cartReducer, groupKey, lineKey, unitsInCart } from '../model/cart';
import { priceCart } from '../model/cart-pricing';
import { saleReceipt } from '../model/receipt-lines';

/**
 * 收银台 (/order/cashier): goods and goods-group (套餐) buttons and a scanner on the left, the cart priced by the contract's
 * engine on the right, a member attached by card or mobile, payment split over cash, balance and scan,
 * the receipt printed through the browser. Every step has a key (ShortcutBar).
 */
export default function CashierPage() {
  const user = useAppState((s) => s.user);
  const storeName = useCurrentStoreName(user) ?? user?.chain_name ?? '';
  const catalogQ = useCatalog();
  const template = useReceiptTemplate().data ?? undefined;
  const [cart, dispatch] = useReducer(cartReducer, []);
  const [selected, setSelected] = useState<string | null>(null);
  const [member, setMember] = useState<MemberRow | null>(null);
  const [coupon, setCoupon] = useState<{ id: number; row?: MemberCouponRow } | null>(null);
  const [target, setTarget] = useState<Target>({});
  const [paying, setPaying] = useState(false);
  /** The order waiting for the customer's scan (等待付款). */
  const [scanning, setScanning] = useState<{ id: number; order_no: string; total_fen: number } | null>(null);
  const [ringing, setRinging] = useState(false);
  /** Who and where the last order was for, for its receipt (the screen is already cleared). */
  const [paidFor, setPaidFor] = useState<{ member: MemberRow | null; seat?: string }>({ member: null });
  const barcodeRef = useRef<InputRef>(null);
  const searchRef = useRef<InputRef>(null);
  const memberRef = useRef<InputRef>(null);
  const canDiscount = user?.type === UserType.Netbar || authPathIds(user).includes(PERM.ORDER_DISCOUNT);

  const catalog = catalogQ.data;
  const skus = useMemo(() => new Map((catalog?.skus ?? []).map((s) => [s.sku_id, s])), [catalog]);
  const groups = useMemo(() => new Map((catalog?.groups ?? []).map((g) => [g.group_id, g])), [catalog]);
  const priced = useMemo(
    () =>
      priceCart(cart, {
        skus,
        groups,
        plans: catalog?.plans ?? [],
        promotions: catalog?.promotions ?? [],
        // 会员价 only when the member's level has 享受会员价
        member: !!member?.member_price,
      }),
    [cart, skus, groups, catalog, member],
  );
  // 优惠券 (decision 186): what the chosen coupon takes off; sent only while it applies
  const off = couponOff(coupon?.row, priced.lines, skus);
  const couponId = off.discount_fen > 0 ? coupon!.id : null;
  const due = priced.total_fen - off.discount_fen;
  // units of each SKU the cart takes, a group's items included (the buttons' stock)
  const inCart = useMemo(() => unitsInCart(cart, groups), [cart, groups]);

  const checkout = useCheckout(() => {
    setPaying(false);
    setPaidFor({ member, seat: target.label });
    dispatch({ type: 'clear' });
    setSelected(null);
    setMember(null);
    setCoupon(null);
    setTarget({});
  });
  const receipt = useMemo(
    () =>
      checkout.last
        ? saleReceipt(
            checkout.last.order,
            {
              store: storeName,
              member: paidFor.member,
              seat: paidFor.seat,
              change_fen: checkout.last.change_fen,
            },
            template,
          )
        : null,
    [checkout.last, storeName, paidFor, template],
  );
  // 副屏 (decision 191): the customer sees the lines and the amount due, the QR, then 谢谢惠顾
  useCustomerDisplay({
    lines: priced.lines.map((l) => ({ name: l.name, qty: l.qty, amount_fen: l.total_fen })),
    list_fen: priced.list_fen,
    saving_fen: Math.max(0, priced.list_fen - due),
    total_fen: due,
    member,
    paying: paying || !!scanning,
    paid: checkout.last
      ? { total_fen: checkout.last.order.total_fen, change_fen: checkout.last.change_fen }
      : null,
  });

  const add = (skuId: number) => {
    dispatch({ type: 'add', sku_id: skuId });
    setSelected(lineKey(skuId));
  };
  const addGroup = (groupId: number) => {
    dispatch({ type: 'addGroup', group_id: groupId });
    setSelected(groupKey(groupId));
  };
  const toTable = target.desk_id !== undefined;
  const openPay = () => {
    if (!priced.lines.length) feedback.error('购物车为空，请先添加商品');
    else if (priced.problem) feedback.error(priced.problem);
    else if (target.machine_id === 0) feedback.error('请选择送达的机器号');
    else if (target.desk_id === 0) feedback.error('请选择桌台');
    // goods to a table go on its bill, paid when the table settles
    else if (toTable) checkout.pay(cart, member, target, null, couponId);
    else setPaying(true);
  };
  const keys = priced.lines.map((l) => l.key);
  useCashierKeys(!paying && !scanning && !checkout.last, {
    focusBarcode: () => barcodeRef.current?.focus(),
    focusSearch: () => searchRef.current?.focus(),
    focusMember: () => memberRef.current?.focus(),
    pay: openPay,
    step: (by) => selected && dispatch({ type: 'step', key: selected, by }),
    remove: () => {
      if (!selected) return;
      const i = keys.indexOf(selected);
      dispatch({ type: 'remove', key: selected });
      setSelected(keys[i + 1] ?? keys[i - 1] ?? null);
    },
    move: (by) => {
      const i = selected ? keys.indexOf(selected) : -1;
      const next = keys[Math.min(keys.length - 1, Math.max(0, i + by))];
      if (next) setSelected(next);
    },
    clear: () => dispatch({ type: 'clear' }),
  });

  if (catalogQ.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!catalog)
    return (
      <Alert
        type="error"
        showIcon
        title="商品加载失败"
        action={<Button onClick={() => void catalogQ.refetch()}>重试</Button>}
      />
    );

  return (
    <div className="cashier-page">
      <CashierStyles />
      <div className="cashier-top">
        <ShiftBar />
      </div>
      <div className="cashier">
        <div className="cashier-col">
          <div className="cashier-card cashier-goods">
            <GoodsPanel
              catalog={catalog}
              inCart={inCart}
              onSku={(s) => add(s.sku_id)}
              onGroup={(g) => addGroup(g.group_id)}
              onUnknownCode={(c) => feedback.error(`未找到条码为 ${c} 的商品`)}
              barcodeRef={barcodeRef}
              searchRef={searchRef}
            />
          </div>
          <div className="cashier-card cashier-queue-card">
            <SeatQueue />
          </div>
          <div className="cashier-card">
            <ShortcutBar />
          </div>
        </div>
        <div className="cashier-col">
          <div className="cashier-card">
            <MemberBar
              member={member}
              onAttach={(m) => {
                setMember(m);
                setCoupon(null);
              }}
              onDetach={() => {
                setMember(null);
                setCoupon(null);
              }}
              inputRef={memberRef}
            />
            {member && (
              <CouponPicker
                memberId={member.id}
                lines={priced.lines}
                skus={skus}
                value={coupon?.id ?? null}
                onChange={(id, row) => setCoupon(id ? { id, row } : null)}
              />
            )}
          </div>
          <div className="cashier-card cashier-cart-wrap">
            <CartPanel
              priced={priced}
              selected={selected}
              onSelect={setSelected}
              dispatch={dispatch}
              canDiscount={canDiscount}
            />
          </div>
          <div className="cashier-card">
            <TargetPicker value={target} onChange={setTarget} />
            <div className="cashier-totals">
              <Space direction="vertical" size={0}>
                <Typography.Text type="secondary">
                  {priced.lines.reduce((s, l) => s + l.qty, 0)} 件 · 原价 ¥{fenToYuan(priced.list_fen)}
                </Typography.Text>
                {priced.saving_fen + off.discount_fen > 0 && (
                  <Typography.Text type="danger">
                    优惠 ¥{fenToYuan(priced.saving_fen + off.discount_fen)}
                    {off.discount_fen > 0 && `（含优惠券 ¥${fenToYuan(off.discount_fen)}）`}
                  </Typography.Text>
                )}
              </Space>
              <output className="cashier-due" data-testid="cashier-due" aria-label="应收">
                ¥{fenToYuan(due)}
              </output>
            </div>
            <Space style={{ marginTop: 10, width: '100%', justifyContent: 'flex-end' }}>
              <Popconfirm
                title="清空购物车？"
                okText="清空"
                cancelText="取消"
                onConfirm={() => dispatch({ type: 'clear' })}
              >
                <Button disabled={!cart.length}>清空</Button>
              </Popconfirm>
              <Button
                type="primary"
                size="large"
                onClick={openPay}
                loading={toTable && checkout.busy}
                disabled={!priced.lines.length}
              >
                {toTable ? '记到桌台（F4）' : '结账（F4）'}
              </Button>
            </Space>
          </div>
        </div>
      </div>
      {paying && (
        <PayModal
          due_fen={due}
          member={member}
          deductOrder={catalog.deduct}
          busy={checkout.busy || ringing}
          onSubmit={(d) => {
            if (!d.scan_fen) return checkout.pay(cart, member, target, d, couponId);
            // 扫码 is asynchronous: it pays the whole amount, alone (decision 169)
            if (d.scan_fen !== due) return feedback.error('扫码支付须支付全部应收，不能与现金或会员余额组合');
            setRinging(true);
            checkout
              .ringForScan(cart, member, target, couponId)
              .then((r) => {
                setPaying(false);
                setScanning(r.order);
              })
              .catch(() => undefined)
              .finally(() => setRinging(false));
          }}
          onCancel={() => setPaying(false)}
        />
      )}
      {scanning && (
        <ScanWaitModal
          order={scanning}
          onPaid={(r) => {
            setScanning(null);
            checkout.scanPaid(r);
          }}
          onCancelled={() => {
            setScanning(null);
            checkout.scanCancelled();
            feedback.success('已取消收款，订单已取消');
          }}
        />
      )}
      {checkout.last && receipt && (
        <DoneModal
          result={checkout.last}
          receipt={receipt}
          onClose={() => {
            checkout.clearLast();
            barcodeRef.current?.focus();
          }}
        />
      )}
    </div>
  );
}
