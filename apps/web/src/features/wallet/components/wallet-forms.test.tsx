import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import type { AgentRow } from '../api/wallet-admin-api';
import { AdjustModal } from './adjust-modal';
import { ProductModal } from './product-modal';
import { RechargeModal } from './recharge-modal';

const AGENT: AgentRow = {
  id: 3,
  name: '苏州代理',
  user_name: 'sz01',
  contact: '张三',
  mobile: '13800138000',
  province: '江苏省',
  city: '苏州市',
  status: 1,
  parent_name: '',
  balance_fen: 100_000,
  netbar_count: 2,
  created_at: '2026-01-01 10:00:00',
};

const bodyOf = (seen: InternalAxiosRequestConfig[], path: string) =>
  new URLSearchParams(String(seen.find((c) => ends(c, path))?.data));

const onDone = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onDone);

const at = (node: React.ReactNode) => renderAt('/admin/agents', '/admin/agents', node);

describe('wallet forms', { timeout: 60_000 }, () => {
  it('product: saves the price in fen; a refused save keeps the dialog open without an unhandled rejection', async () => {
    let answer = refused('产品名称已存在');
    const seen = mockServer(() => answer);
    at(
      <ProductModal
        state={{ mode: 'edit', row: { id: 2, name: '专业版', price_fen: 500, description: '', status: 1 } }}
        onClose={vi.fn()}
        onDone={onDone}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('单价（元/台/月）')).toHaveValue('5.00'));
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('产品名称已存在'));
    await settle();
    expect(onDone).not.toHaveBeenCalled();
    answer = ok();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('保存成功');
    expect(bodyOf(seen, 'admin_product_save').get('price_fen')).toBe('500');
    expect(bodyOf(seen, 'admin_product_save').get('id')).toBe('2');
    expect(rejections).toEqual([]);
  });

  it('recharge: an empty amount sends nothing; a refused order keeps the dialog open, no unhandled rejection', async () => {
    const seen = mockServer(() => refused('充值过于频繁'));
    at(<RechargeModal open onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: /提交充值单/ });
    await userEvent.click(submit);
    expect(await within(dialog).findByText('请输入充值金额')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('充值金额（元）'), '5000');
    await userEvent.click(submit);
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('充值过于频繁'));
    await settle();
    expect(bodyOf(seen, 'agent_recharge').get('amount_fen')).toBe('500000');
    expect(onDone).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it('adjust: after the confirm, a refused adjustment keeps the dialog open without an unhandled rejection', async () => {
    const seen = mockServer(() => refused('余额不足，不能扣款'));
    at(<AdjustModal agent={AGENT} onClose={vi.fn()} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('金额（元）'), '12.5');
    await userEvent.type(within(dialog).getByLabelText('原因'), '线下活动返利');
    await userEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('余额不足，不能扣款'));
    await settle();
    expect(bodyOf(seen, 'admin_wallet_adjust').get('amount_fen')).toBe('1250');
    expect(onDone).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
