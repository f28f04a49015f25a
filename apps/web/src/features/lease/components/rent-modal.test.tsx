import type { LeaseItemRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { RentModal } from './rent-modal';

/** 租出 with a deposit in 分 (decision 143): cash is taken in whole 角, the balance to the fen. */

const ITEM: LeaseItemRow = {
  id: 2,
  name: '无线手柄',
  deposit_fen: 2505,
  price_fen: 300,
  price_unit: 'use',
  qty_on_hand: 5,
  qty_out: 0,
  enabled: true,
  remark: '',
  updated_at: '2026-01-15 18:00:00',
};
const MEMBER = { id: 8, name: '王小明', mobile: '13800000000', card_mask: 'VIP***0000' };
const onClose = vi.fn();
const { rejections } = dialogHarness(onClose);
const deposit = () => screen.getByTestId('rent-deposit').textContent;

describe('rent-out deposit', { timeout: 60_000 }, () => {
  it('shows a ¥25.05 cash deposit as ¥25.00 with its 抹零, two units ¥50.10 as they are, ¥25.05 from the balance', async () => {
    const seen = mockServer((c) =>
      ends(c, 'member_lookup')
        ? ok({ list: [MEMBER] })
        : ok({ lease: { id: 1, lease_no: 'ZL1' }, replay: false }),
    );
    renderAt('/x', '/x', <RentModal item={ITEM} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    expect(deposit()).toBe('应收押金 ¥25.00（押金¥25.05，现金抹零¥0.05）');
    const qty = within(dialog).getByLabelText('数量');
    await userEvent.clear(qty);
    await userEvent.type(qty, '2');
    await waitFor(() => expect(deposit()).toBe('应收押金 ¥50.10'));
    await userEvent.clear(qty);
    await userEvent.type(qty, '1');
    await userEvent.type(within(dialog).getByLabelText('会员'), '138');
    await userEvent.click(await screen.findByText('王小明（13800000000）'));
    // a member may still pay the deposit in cash: rounded as before
    await waitFor(() => expect(deposit()).toBe('应收押金 ¥25.00（押金¥25.05，现金抹零¥0.05）'));
    await userEvent.click(within(dialog).getByLabelText('会员余额'));
    await waitFor(() => expect(deposit()).toBe('应收押金 ¥25.05'));
    await userEvent.click(within(dialog).getByRole('button', { name: '租 出' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'lease_rent'))?.data));
    expect([body.get('member_id'), body.get('pay_method'), body.get('qty')]).toEqual(['8', 'member', '1']);
    expect(rejections).toEqual([]);
  });
});
