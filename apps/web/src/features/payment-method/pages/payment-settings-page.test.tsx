import type { PaymentListData, PaymentMethodRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PaymentSettingsPage from './payment-settings-page';
import QrcodeAuditPage from './qrcode-audit-page';

const { success, notifyError } = dialogHarness();

const method = (
  id: number,
  pay_type: PaymentMethodRow['pay_type'],
  name: string,
  sort: number,
): PaymentMethodRow => ({
  id,
  pay_type,
  type_label: name,
  name,
  enabled: true,
  sort,
  cashier: true,
  client: pay_type !== 'cash',
  online: pay_type === 'wechat' || pay_type === 'alipay',
  provider: pay_type === 'cash' ? 'none' : 'sandbox',
  settings: {},
  updated_at: '2026-11-28 10:00:00',
});
const LIST: PaymentListData = {
  list: [method(1, 'cash', '现金', 1), method(2, 'wechat', '微信支付', 2), method(3, 'alipay', '支付宝', 3)],
  store: { id: 9, name: '星际网咖旗舰店' },
  stores: [{ id: 9, name: '星际网咖旗舰店' }],
};
const APPROVED = {
  qrcode: {
    id: 5,
    netbar_id: 9,
    netbar_name: '星际网咖旗舰店',
    status: 1,
    status_label: '已通过',
    reason: '',
    created_at: '2026-10-29 10:00:00',
    audited_at: '2026-10-30 10:00:00',
    audited_by: '聚合支付公司',
    url: 'https://pay.example.cn/pay/code/abc',
  },
  can_apply: false,
};
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

describe('payment settings (10502)', { timeout: 150_000 }, () => {
  it('lists the methods in order, moves 支付宝 up and saves the sort as every id once, over /api/c1', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'payment_list')) return ok(LIST);
      if (ends(c, 'get_quick_payment_status')) return ok({ enabled: true, updated_at: '', updated_by: '' });
      if (ends(c, 'get_qrcode')) return ok(APPROVED);
      return ok([], '排序已保存');
    });
    renderAt('/p', '/p', <PaymentSettingsPage />);
    await waitFor(() => expect(rowNames()).toEqual(['现金', '微信支付', '支付宝']));
    expect(screen.getByText('顾客扫码输入金额付款')).toBeTruthy();
    expect(screen.getByRole('switch', { name: '快捷支付' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('button', { name: '保存排序' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '上移支付宝' }));
    await userEvent.click(screen.getByRole('button', { name: '上移支付宝' }));
    expect(rowNames()).toEqual(['支付宝', '现金', '微信支付']);
    await userEvent.click(screen.getByRole('button', { name: '保存排序' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('排序已保存'));
    const call = seen.find((c) => ends(c, 'edit_payment_sort'))!;
    expect(JSON.parse(String(call.data))).toEqual({ ids: [3, 1, 2] });
    // the payment service: bearer token, JSON, no cookie
    expect(call.url).toBe('/api/c1/edit_payment_sort');
    expect(call.withCredentials).toBe(false);
  });

  it('a refused sort keeps the new order on screen with the reason; 还原 restores the server order', async () => {
    mockServer((c) => {
      if (ends(c, 'payment_list')) return ok(LIST);
      if (ends(c, 'get_qrcode')) return ok({ qrcode: null, can_apply: true });
      if (ends(c, 'edit_payment_sort')) return refused('排序列表与本店的支付方式不一致，请刷新后重试', 40000);
      return ok({ enabled: false, updated_at: '', updated_by: '' });
    });
    renderAt('/p', '/p', <PaymentSettingsPage />);
    await waitFor(() => expect(rowNames()).toEqual(['现金', '微信支付', '支付宝']));
    expect(await screen.findByRole('button', { name: '申请固定收款码' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '下移现金' }));
    await userEvent.click(screen.getByRole('button', { name: '保存排序' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('排序列表与本店的支付方式不一致，请刷新后重试'),
    );
    expect(rowNames()).toEqual(['微信支付', '现金', '支付宝']);
    await userEvent.click(screen.getByRole('button', { name: '还 原' }));
    expect(rowNames()).toEqual(['现金', '微信支付', '支付宝']);
    expect(success).not.toHaveBeenCalled();
  });
});

describe('固定收款码审核 (6120)', { timeout: 150_000 }, () => {
  it('rejecting needs a reason; the reason is sent with status 2', async () => {
    const pending = {
      ...APPROVED.qrcode,
      id: 8,
      netbar_name: '极速网吧',
      status: 0,
      url: null,
      audited_at: '',
    };
    const seen = mockServer((c) => (ends(c, 'fixed_qrcode_list') ? page([pending]) : ok(null, '已驳回')));
    renderAt('/a', '/a', <QrcodeAuditPage />);
    expect(await screen.findByText('极速网吧')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^驳\s?回$/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /^驳\s?回$/ }));
    expect(await within(dialog).findByText('请填写驳回原因（1-100个字符）')).toBeTruthy();
    await settle();
    expect(seen.some((c) => ends(c, 'audit_fixed_qrcode'))).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('驳回原因'), '门头照片不清晰');
    await userEvent.click(within(dialog).getByRole('button', { name: /^驳\s?回$/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('已驳回'));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'audit_fixed_qrcode'))?.data));
    expect(body).toEqual({ id: 8, status: 2, reason: '门头照片不清晰' });
  });
});
