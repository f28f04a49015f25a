import type { GoodsRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, page } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { GoodsFormModal } from './goods-form-modal';

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

const onClose = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onClose);

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

const renderEdit = () =>
  renderAt(
    '/goods/goods_list',
    '/goods/goods_list',
    <GoodsFormModal state={{ mode: 'edit', row: COLA }} onClose={onClose} />,
  );

describe('goods form', { timeout: 60_000 }, () => {
  it('edits a good: posts its id and the prices in fen, toasts and closes', async () => {
    const seen = server(() => ok({ id: 5 }));
    renderEdit();
    const form = await screen.findByRole('dialog');
    const name = within(form).getByLabelText('商品名称');
    await waitFor(() => expect(name).toHaveValue('可乐'));
    await userEvent.clear(name);
    await userEvent.type(name, '百事可乐');
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    const save = seen.find((c) => ends(c, 'goods_save'));
    expect(JSON.parse(String(save?.data))).toMatchObject({
      id: 5,
      name: '百事可乐',
      category_id: 2,
      unit: '瓶',
      skus: [{ id: 51, barcode: '6901', cost_fen: 150, price_fen: 300, member_price_fen: 280 }],
      recipe: [],
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a refused save (duplicate name) keeps the dialog open, toasts the reason and leaves no unhandled rejection', async () => {
    server(() => ({ body: { status: 40009, msg: '商品名称已存在', data: null } }));
    renderEdit();
    const form = await screen.findByRole('dialog');
    await waitFor(() => expect(within(form).getByLabelText('商品名称')).toHaveValue('可乐'));
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('商品名称已存在'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onClose).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
