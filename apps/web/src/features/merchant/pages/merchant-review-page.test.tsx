import type { MerchantDetail } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppState } from '../../../lib/app-state';
import { dialogHarness, ends, ok, page, refused } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import MerchantReviewPage from './merchant-review-page';

const ROW = {
  id: 7,
  merchant_no: '',
  legal_name: '上海闵行区星际二店网络服务部',
  short_name: '星际网咖二店',
  merchant_type: 1,
  legal_person: '张伟',
  mobile: '13800000003',
  status: 1,
  status_label: '审核中',
  source: 'onboard',
  owner_name: '张老板',
  netbar_name: '星际网咖二店',
  submitted_at: '2026-11-26 10:00:00',
  updated_at: '2026-11-26 10:00:00',
} as const;
const DETAIL: MerchantDetail = {
  ...ROW,
  licence_no: '92310112MA1H5Q8L0M',
  id_no_mask: '3101**********0017',
  bank_code: '308',
  bank_name: '招商银行',
  bank_branch: '招商银行上海徐家汇支行',
  card_no_mask: '6225********1237',
  card_holder: '张伟',
  province: '上海市',
  city: '上海市',
  district: '闵行区',
  address: '七莘路88号',
  reject_reason: '',
  step: 0,
  docs: [{ id: 3, kind: 'licence', url: '/api/merchant/doc?id=3&exp=1&sig=x', expires_at: 1 }],
  stores: [],
};

const h = dialogHarness();
const open = () => renderAt('/merchantManage/review', '/merchantManage/review', <MerchantReviewPage />);

describe('进件审核', { timeout: 60_000 }, () => {
  afterEach(() => useAppState.setState({ user: null }));

  it('lists the queue, shows the masked numbers and documents, and approves', async () => {
    useAppState.setState({ user: makeUser(6) });
    const seen = mockServer((c) => {
      if (ends(c, 'merchant_list')) return page([ROW]);
      if (ends(c, 'info')) return ok(DETAIL);
      if (ends(c, 'status')) return ok({ ...ROW, status: 3, status_label: '待签约' });
      return ok([]);
    });
    open();
    expect(await screen.findByText('上海闵行区星际二店网络服务部')).toBeTruthy();
    // the queue starts at 审核中, over the merchant service with the bearer token
    const list = seen.find((c) => ends(c, 'merchant_list'));
    expect(list?.url).toBe('/api/merchant/merchant_list');
    expect(list?.params).toMatchObject({ status: 1, page: 1, page_size: 10 });
    await userEvent.click(screen.getByRole('button', { name: '审核' }));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('6225********1237')).toBeTruthy();
    expect(within(drawer).getByText('3101**********0017')).toBeTruthy();
    expect(within(drawer).getByAltText('营业执照').getAttribute('src')).toContain('/api/merchant/doc?id=3');
    await userEvent.click(within(drawer).getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(h.success).toHaveBeenCalledWith('上海闵行区星际二店网络服务部：待签约'));
    const body = Object.fromEntries(new URLSearchParams(String(seen.find((c) => ends(c, 'status'))?.data)));
    expect(body).toEqual({ id: '7', action: 'approve' });
  });

  it('asks for a reason before rejecting, and keeps the dialog open when the server refuses', async () => {
    useAppState.setState({ user: makeUser(6) });
    let calls = 0;
    mockServer((c) => {
      if (ends(c, 'merchant_list')) return page([ROW]);
      if (ends(c, 'info')) return ok(DETAIL);
      if (ends(c, 'status')) {
        calls++;
        return refused('该进件当前不能执行此操作', 40009);
      }
      return ok([]);
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: '审核' }));
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('button', { name: '驳 回' }));
    const modal = (await screen.findAllByRole('dialog')).find((d) => within(d).queryByText('驳回进件'))!;
    await userEvent.click(within(modal).getByRole('button', { name: '确认驳回' }));
    expect(await within(modal).findByText('请输入驳回原因')).toBeTruthy();
    expect(calls).toBe(0);
    await userEvent.type(within(modal).getByLabelText('驳回原因'), '营业执照照片模糊');
    await userEvent.click(within(modal).getByRole('button', { name: '确认驳回' }));
    await waitFor(() => expect(h.notifyError).toHaveBeenCalledWith('该进件当前不能执行此操作'));
    expect(calls).toBe(1);
    expect(within(modal).getByText('驳回进件')).toBeTruthy();
  });
});
