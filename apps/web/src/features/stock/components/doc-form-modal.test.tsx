import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { DocFormModal } from './doc-form-modal';

const OPTIONS = [
  {
    item_kind: 'goods',
    item_id: 51,
    goods_id: 5,
    name: '可乐',
    unit: '瓶',
    barcode: '6901',
    cost_fen: 150,
    price_fen: 300,
    has_recipe: false,
  },
];

const onClose = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onClose);

/** Fill one line (可乐 × 12 at 1.60 yuan) and press 保存并过账. */
async function fillAndPost() {
  renderAt(
    '/stock/warehousing_list',
    '/stock/warehousing_list',
    <DocFormModal type="goods_in" open onClose={onClose} />,
  );
  const dialog = await screen.findByRole('dialog');
  fireEvent.mouseDown(within(dialog).getByRole('combobox'));
  fireEvent.click(await screen.findByText('可乐（瓶） 6901'));
  await userEvent.type(within(dialog).getByPlaceholderText('数量'), '12');
  await userEvent.type(within(dialog).getByPlaceholderText('进价(元)'), '1.6');
  await userEvent.click(within(dialog).getByRole('button', { name: /保存并过账/ }));
}

describe('stock document form', { timeout: 60_000 }, () => {
  it('posts the lines with cost in fen and closes after the toast', async () => {
    const seen = mockServer((c) =>
      (c.url ?? '').endsWith('goods_item_options')
        ? ok({ list: OPTIONS, page: 1, page_size: 1, count: 1 })
        : ok({ id: 9, doc_no: 'RK20260101001', status: 'posted', warnings: [] }),
    );
    await fillAndPost();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const save = seen.find((c) => (c.url ?? '').endsWith('stock_doc_save'));
    expect(JSON.parse(String(save?.data))).toMatchObject({
      doc_type: 'goods_in',
      post: '1',
      lines: [{ item_kind: 'goods', item_id: 51, qty: 12, cost_fen: 160 }],
    });
    expect(success).toHaveBeenCalledWith(expect.stringContaining('RK20260101001'));
  });

  it('a refused save keeps the dialog open with its lines and leaves no unhandled rejection', async () => {
    mockServer((c) =>
      (c.url ?? '').endsWith('goods_item_options')
        ? ok({ list: OPTIONS, page: 1, page_size: 1, count: 1 })
        : { body: { status: 40000, msg: '库存不足，不能出库', data: null } },
    );
    await fillAndPost();
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('库存不足，不能出库'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByPlaceholderText('数量')).toHaveValue('12');
    expect(rejections).toEqual([]);
  });
});
