import type { CouponTemplateRow, MemberCouponRow } from '@netbar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import CouponPage from './coupon-page';

const { notifyError, success, rejections } = dialogHarness();
const URL = '/application_manage/coupon';
const sent = (data: unknown) => Object.fromEntries(new URLSearchParams(String(data ?? '')));

const TEMPLATE: CouponTemplateRow = {
  id: 3,
  netbar_id: 1,
  netbar_name: '星际网咖旗舰店',
  scope: 'store',
  name: '满30减5',
  kind: 'full_off',
  amount_fen: 500,
  min_spend_fen: 3000,
  category_ids: [],
  category_names: [],
  valid_mode: 'days',
  valid_from: null,
  valid_to: null,
  valid_days: 7,
  status: 'active',
  issued: 12,
  used: 5,
  own: true,
  created_at: '2026-01-01 10:00:00',
};
const COUPON: MemberCouponRow = {
  id: 41,
  template_id: 3,
  name: '满30减5',
  kind: 'full_off',
  amount_fen: 500,
  min_spend_fen: 3000,
  category_ids: [],
  category_names: [],
  valid_from: '2026-01-01',
  valid_to: '2026-01-07',
  state: 'used',
  source: 'activity',
  activity_name: '每日签到',
  member_id: 9,
  member_name: '张小明',
  member_card: '8888****0001',
  netbar_name: '星际网咖旗舰店',
  issued_by: '客户端',
  issued_at: '2026-01-01 10:00:00',
  order_id: 77,
  order_no: 'DD20260102000077',
  used_fen: 500,
  used_at: '2026-01-02 12:00:00',
};

describe('优惠券 page', { timeout: 60_000 }, () => {
  it('lists templates with rule, validity and figures; the records tab shows state, order and 合计', async () => {
    mockServer((c) =>
      ends(c, 'coupon_template_list')
        ? page([TEMPLATE])
        : ends(c, 'coupon_record_list')
          ? ok({ list: [COUPON], page: 1, page_size: 10, count: 1, amount_fen: 500, used_fen: 500 })
          : ok([]),
    );
    renderAt(URL, URL, <CouponPage />);
    const row = (await screen.findAllByText('满30减5'))[0]!.closest('tr') as HTMLElement;
    expect(within(row).getByText('满减券')).toBeTruthy();
    expect(within(row).getByText('领取后7天内')).toBeTruthy();
    expect(within(row).getByText('全部商品')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '优惠券记录' }));
    const rec = (await screen.findByText('张小明')).closest('tr') as HTMLElement;
    expect(within(rec).getByText('已使用')).toBeTruthy();
    expect(within(rec).getByText('活动：每日签到')).toBeTruthy();
    expect(within(rec).getByText('DD20260102000077')).toBeTruthy();
    expect(await screen.findByText('1张')).toBeTruthy();
  });

  it('sends a new 满减券 in fen; a refusal keeps the dialog open with the server’s Chinese message', async () => {
    const msg = '满减券的使用门槛不能低于优惠金额';
    const saves: Record<string, string>[] = [];
    mockServer((c) => {
      if (ends(c, 'coupon_template_list')) return page([]);
      if (ends(c, 'coupon_template_save')) {
        saves.push(sent(c.data));
        return refused(msg, 40000);
      }
      return ok([]);
    });
    renderAt(URL, URL, <CouponPage />);
    fireEvent.click(await screen.findByRole('button', { name: /新建优惠券/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('券名称'), { target: { value: '满20减30' } });
    fireEvent.change(within(dialog).getByLabelText('优惠金额'), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText('使用门槛（订单中适用商品满）'), {
      target: { value: '20' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith(msg));
    expect(saves[0]).toMatchObject({
      name: '满20减30',
      kind: 'full_off',
      amount_fen: '3000',
      min_spend_fen: '2000',
      category_ids: '[]',
      valid_mode: 'days',
      valid_days: '30',
    });
    await settle();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
