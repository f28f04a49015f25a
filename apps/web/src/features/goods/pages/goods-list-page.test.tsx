import type { GoodsRow } from '@netbar/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import GoodsListPage from './goods-list-page';

const COLA: GoodsRow = {
  id: 5,
  name: '可乐',
  category_id: 2,
  category_name: '饮料',
  unit: '瓶',
  image_url: '',
  shelf_status: 1,
  colour: 1,
  track_stock: true,
  low_stock: 3,
  skus: [
    { id: 51, spec: '', barcode: '6901', cost_fen: 150, price_fen: 300, member_price_fen: 280, qty: 24 },
  ],
  recipe: [],
};

dialogHarness();

/** The goods server: one good; goods_save answers `save`. */
function server(save: () => { body: unknown }) {
  return mockServer((c) => {
    if (ends(c, 'goods_list')) return page([COLA]);
    if (ends(c, 'goods_class_list')) return page([{ id: 2, name: '饮料' }]);
    if (ends(c, 'goods_spec_list') || ends(c, 'goods_matter_list')) return page([]);
    if (ends(c, 'goods_save')) return save();
    return ok(null);
  });
}

const dialog = () => screen.findByRole('dialog');

describe('goods list', { timeout: 60_000 }, () => {
  it('shows each good with its prices in yuan and its stock, and opens an empty add form', async () => {
    server(() => ok({ id: 1 }));
    renderAt('/goods/goods_list', '/goods/goods_list', <GoodsListPage />);
    const row = (await screen.findByText('可乐')).closest('tr') as HTMLElement;
    expect(within(row).getByText('默认：3.00 / 2.80 / 1.50')).toBeInTheDocument();
    expect(within(row).getByText('24瓶')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /新增商品/ }));
    const form = await dialog();
    expect(within(form).getByText('新增商品')).toBeInTheDocument();
    expect(within(form).getByLabelText('商品名称')).toHaveValue('');
  });

  it('checks the form with the contract schema and sends nothing when it is wrong', async () => {
    const seen = server(() => ok({ id: 1 }));
    renderAt('/goods/goods_list', '/goods/goods_list', <GoodsListPage />);
    await userEvent.click(await screen.findByRole('button', { name: /新增商品/ }));
    const form = await dialog();
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('商品名称为1-30个字符')).toBeInTheDocument();
    expect(within(form).getByText('请选择商品分类')).toBeInTheDocument();
    expect(seen.some((c) => ends(c, 'goods_save'))).toBe(false);
  });
});
