import type { OrderCatalog } from '@netbar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAppState } from '../../../lib/app-state';
import { writeUser } from '../../../lib/storage';
import { dialogHarness, ends, ok, refused } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { renderAt } from '../../../test/render';
import CashierPage from './cashier-page';
import {
  bodyOf,
  type CashierServerOptions,
  cashierServer,
  catalogOf,
  catalogSku,
  due,
  memberOf,
  openCashier,
  orderAnswer,
  scan,
} from './cashier-test-kit';

const sku = catalogSku;
const SKUS = [
  sku(1, '可口可乐', 300, { qty: 5 }),
  sku(2, '红牛', 600, { qty: 2 }),
  sku(3, '康师傅泡面', 500, { category_id: 2, qty: 0 }),
];
const PROMO = {
  id: 4,
  name: '红牛9折',
  kind: 'discount',
  start_ms: 0,
  end_ms: 9e15,
  rate: 90,
  price_fen: 0,
  buy_n: 0,
  get_m: 0,
  bundle_qty: 0,
  enabled: true,
  scope_mode: 'custom',
  scope_rule: 'apply',
  goods_ids: [2],
  category_ids: [],
};
const CATALOG = catalogOf(SKUS, {
  categories: [
    { id: 1, name: '饮料' },
    { id: 2, name: '零食' },
  ],
  promotions: [PROMO as OrderCatalog['promotions'][number]],
});
const MEMBER = memberOf();
const order = orderAnswer;
const server = (create?: CashierServerOptions['create'], more?: CashierServerOptions['more']) =>
  cashierServer(CATALOG, { create, more, members: [MEMBER] });
const { notifyError, rejections } = dialogHarness();
const open = () => openCashier();

beforeEach(() => {
  writeUser(makeUser(5, { nid: 10, auth: { path: [{ id: 264 }, { id: 2640 }], btn: [] } }));
  reloadAppState();
});

describe('收银台', { timeout: 60_000 }, () => {
  it('prices the cart with the engine: a promotion, stock on the buttons, out of stock greyed', async () => {
    server();
    await open();
    expect(screen.getByRole('button', { name: /康师傅泡面.*库存0/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /^红牛，/ }));
    await userEvent.click(screen.getByRole('button', { name: /^红牛，/ }));
    expect(due()).toBe('¥10.80');
    expect(screen.getByText('红牛9折')).toBeInTheDocument();
    expect(screen.getByText('优惠 ¥1.20')).toBeInTheDocument();
    // the counter holds 2: the button greys once both are in the cart
    expect(screen.getByRole('button', { name: /^红牛，.*库存0/ })).toBeDisabled();
  });

  it('loads for a cashier holding only the counter: one order_catalog call, no goods, stock or member reads', async () => {
    writeUser(makeUser(5, { nid: 10, auth: { path: [{ id: 2640 }], btn: [] } }));
    reloadAppState();
    const seen = server();
    await open();
    expect(screen.getByRole('button', { name: /^红牛，/ })).toBeEnabled();
    const urls = seen.map((c) => c.url ?? '');
    expect(urls.filter((u) => u.endsWith('order_catalog'))).toHaveLength(1);
    expect(
      urls.filter((u) => /goods_|stock_|commodity_promotion|member_settings|price_quote/.test(u)),
    ).toEqual([]);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('goes negative only when the store lets it: an out-of-stock good sells under 允许负库存', async () => {
    server(undefined, (c) =>
      ends(c, 'order_catalog') ? ok({ ...CATALOG, negative_policy: 'warn' }) : undefined,
    );
    await open();
    await userEvent.click(screen.getByRole('button', { name: /康师傅泡面/ }));
    expect(due()).toBe('¥5.00');
  });

  it('adds by barcode on Enter and says so in Chinese when the code is unknown', async () => {
    server();
    await open();
    await scan('6901');
    await scan('6901');
    expect(within(screen.getByTestId('cart-line-sku:11')).getByText('2')).toBeInTheDocument();
    expect(due()).toBe('¥6.00');
    await scan('000000');
    expect(notifyError).toHaveBeenCalledWith('未找到条码为 000000 的商品');
  });

  it('attaches a member by mobile: member price applies and the balance shows 本金/奖励', async () => {
    server();
    await open();
    await scan('6901');
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), '13800000000{Enter}');
    expect(await screen.findByText('本金 ¥10.00')).toBeInTheDocument();
    expect(screen.getByText('奖励 ¥3.00')).toBeInTheDocument();
    expect(due()).toBe('¥2.50');
  });

  it('pays cash with change, sends fen with one request id even on a double click', async () => {
    const seen = server(() => ok(order({ total_fen: 600, paid_fen: 600 })));
    await open();
    await scan('6901');
    await scan('6901');
    fireEvent.keyDown(window, { key: 'F4' });
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: '¥10' }));
    expect(within(dialog).getByTestId('cashier-change').textContent).toBe('找零 ¥4.00');
    const confirm = within(dialog).getByRole('button', { name: /确认收款/ });
    await userEvent.dblClick(confirm);
    await screen.findByText('收款成功');
    const posts = seen.filter((c) => ends(c, 'order_create'));
    expect(posts).toHaveLength(1);
    const body = bodyOf(posts[0] as InternalAxiosRequestConfig);
    expect(body.lines).toEqual([{ sku_id: 11, qty: 2 }]);
    expect(body.payments).toEqual([{ method: 'cash', amount_fen: 600, tendered_fen: 1000 }]);
    expect(body.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('takes a replayed checkout (40007, the first try went through) as paid', async () => {
    server(() => ({
      body: { status: 40007, msg: '请求已处理', data: order({ total_fen: 300, paid_fen: 300 }) },
    }));
    await open();
    await scan('6901');
    fireEvent.keyDown(window, { key: 'F4' });
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /确认收款/ }),
    );
    expect(await screen.findByText('收款成功')).toBeInTheDocument();
    expect(screen.getByText(/单号 XS202601150001/)).toBeInTheDocument();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('splits member balance and cash, shows what the balance takes; a refusal keeps the request id', async () => {
    let calls = 0;
    const seen = server(() =>
      ++calls === 1 ? refused('会员余额不足', 40000) : ok(order({ total_fen: 1200, paid_fen: 1200 })),
    );
    await open();
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), '13800000000{Enter}');
    await screen.findByText('本金 ¥10.00');
    await scan('6902');
    await scan('6902');
    fireEvent.keyDown(window, { key: 'F4' });
    const dialog = await screen.findByRole('dialog');
    // member price 5.50 × 2 less 10%: 9.90
    expect(screen.getByRole('dialog', { name: /应收 ¥9\.90/ })).toBeInTheDocument();
    const member = within(dialog).getByLabelText('会员余额支付金额');
    await userEvent.type(member, '8');
    expect(within(dialog).getByTestId('cashier-member-take').textContent).toBe(
      '本次扣 本金 ¥5.00，奖励 ¥3.00',
    );
    expect(within(dialog).getByLabelText('现金金额')).toHaveValue('1.90');
    expect(within(dialog).getByTestId('cashier-remaining').textContent).toBe('已付清');
    await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('会员余额不足'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
    await screen.findByText('收款成功');
    const [a, b] = seen.filter((c) => ends(c, 'order_create')).map(bodyOf);
    expect(a.request_id).toBe(b.request_id);
    expect(a.member_id).toBe(8);
    expect(a.payments).toEqual([
      { method: 'cash', amount_fen: 190, tendered_fen: 190 },
      { method: 'member', amount_fen: 800 },
    ]);
    expect(rejections).toEqual([]);
  });

  it('works from the keyboard: F1 scan box, + and Delete on the selected line, Esc closes the payment', async () => {
    server();
    await open();
    fireEvent.keyDown(window, { key: 'F1' });
    expect(screen.getByLabelText('扫码或输入条码')).toHaveFocus();
    await scan('6901');
    await scan('6902');
    screen.getByLabelText('扫码或输入条码').blur();
    fireEvent.keyDown(document.body, { key: '+' });
    expect(within(screen.getByTestId('cart-line-sku:12')).getByText('2')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowUp' });
    fireEvent.keyDown(document.body, { key: 'Delete' });
    expect(screen.queryByTestId('cart-line-sku:11')).toBeNull();
    fireEvent.keyDown(window, { key: 'F4' });
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(window, { key: 'F2' });
    expect(screen.getByLabelText('会员卡号或手机号')).toHaveFocus();
  });

  it('lets only a holder of the discount grant edit a price, and sends the edited price', async () => {
    server();
    const view = renderAt('/order/cashier', '/order/cashier', <CashierPage />);
    await screen.findByRole('button', { name: /可口可乐/ });
    await scan('6901');
    expect(screen.getByLabelText('可口可乐单价 3.00 元')).toBeInTheDocument();
    view.unmount();

    writeUser(makeUser(3, { nid: 10 }));
    reloadAppState();
    const seen = server(() => ok(order({ total_fen: 200, paid_fen: 200 })));
    await open();
    await scan('6901');
    await userEvent.click(screen.getByLabelText('可口可乐单价 3.00 元，点击改价'));
    const price = screen.getByLabelText('可口可乐单价（元）');
    await userEvent.clear(price);
    await userEvent.type(price, '2{Enter}');
    expect(screen.getByText('改价')).toBeInTheDocument();
    expect(due()).toBe('¥2.00');
    fireEvent.keyDown(window, { key: 'F4' });
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /确认收款/ }),
    );
    await screen.findByText('收款成功');
    const body = bodyOf(seen.find((c) => ends(c, 'order_create')) as InternalAxiosRequestConfig);
    expect(body.lines).toEqual([{ sku_id: 11, qty: 1, price_fen: 200 }]);
  });
});
