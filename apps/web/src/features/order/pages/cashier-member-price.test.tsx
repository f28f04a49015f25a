import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reloadAppState } from '../../../lib/app-state';
import { httpInstance } from '../../../lib/http';
import { writeUser } from '../../../lib/storage';
import { dialogHarness, ends } from '../../../test/dialog-kit';
import { makeUser } from '../../../test/fixtures';
import { cashierServer, catalogOf, catalogSku, due, memberOf, openCashier } from './cashier-test-kit';

/**
 * Attaching a member never shows a total the member would not be charged (issue 13 leftovers): the cart is
 * priced in the browser from the catalogue (decision 141), so the member price is in the same render as
 * the member — even with a slow member lookup, no list-price total is ever on screen next to a member and
 * 结账 opens on the member total at once, without a server price preview.
 */

const CATALOG = catalogOf([catalogSku(1, '可口可乐', 300)]);
const MEMBER = memberOf();
const { rejections } = dialogHarness();
/** What the screen showed after every DOM change: the total, whether a member was attached, 结账 enabled. */
type Seen = { due: string | null; member: boolean; pay: boolean };
let observer: MutationObserver | undefined;

beforeEach(() => {
  writeUser(makeUser(5, { nid: 10, auth: { path: [{ id: 264 }, { id: 2640 }], btn: [] } }));
  reloadAppState();
});
afterEach(() => observer?.disconnect());

describe('收银台 member price', { timeout: 60_000 }, () => {
  it('never renders the list-price total once a member is attached, however slow the lookup', async () => {
    const seen = cashierServer(CATALOG, { members: [MEMBER] });
    // the member lookup answers only when the test says so
    let answer: () => void = () => {};
    const gate = new Promise<void>((r) => {
      answer = r;
    });
    const inner = httpInstance.defaults.adapter as AxiosAdapter;
    httpInstance.defaults.adapter = async (c) => {
      if (ends(c, 'member_lookup')) await gate;
      return inner(c);
    };
    await openCashier();
    const cola = screen.getByRole('button', { name: /^可口可乐，/ });
    await userEvent.click(cola);
    await userEvent.click(cola);
    expect(due()).toBe('¥6.00');

    const log: Seen[] = [];
    const look = () =>
      log.push({
        due: screen.queryByTestId('cashier-due')?.textContent ?? null,
        member: !!screen.queryByTestId('cashier-member'),
        pay: !(screen.getByRole('button', { name: '结账（F4）' }) as HTMLButtonElement).disabled,
      });
    observer = new MutationObserver(look);
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });

    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), '13800000000{Enter}');
    // looking up: no member yet, the walk-in total stands
    expect(due()).toBe('¥6.00');
    expect(screen.queryByTestId('cashier-member')).toBeNull();
    answer();
    await screen.findByTestId('cashier-member');
    look();
    expect(screen.getByText('享会员价')).toBeInTheDocument();
    const withMember = log.filter((s) => s.member);
    expect(withMember.length).toBeGreaterThan(0);
    // member price 2.50 × 2 in every render that showed the member, 结账 usable throughout
    expect(withMember.map((s) => s.due)).toEqual(withMember.map(() => '¥5.00'));
    expect(withMember.every((s) => s.pay)).toBe(true);
    await userEvent.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('结账 · 应收 ¥5.00')).toBeInTheDocument();
    // priced in the browser: no server quote, no goods read
    expect(seen.map((c) => c.url ?? '').filter((u) => /price_quote|goods_/.test(u))).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // taking the member off goes back to the list price in the same render
    const at = log.length;
    await userEvent.click(screen.getByRole('button', { name: '取消关联会员' }));
    await waitFor(() => expect(screen.queryByTestId('cashier-member')).toBeNull());
    expect(log.slice(at).filter((s) => !s.member && s.due === '¥5.00')).toEqual([]);
    expect(due()).toBe('¥6.00');
    expect(rejections).toEqual([]);
  });

  it('keeps the list price for a member whose level lacks 会员价, and sends it so', async () => {
    const plain = { ...MEMBER, id: 9, level_name: '普通会员', member_price: false };
    const seen = cashierServer(CATALOG, { members: [plain] });
    await openCashier();
    const cola = screen.getByRole('button', { name: /^可口可乐，/ });
    await userEvent.click(cola);
    await userEvent.click(cola);
    await userEvent.type(screen.getByLabelText('会员卡号或手机号'), '13800000000{Enter}');
    const bar = await screen.findByTestId('cashier-member');
    expect(within(bar).getByText('普通会员')).toBeInTheDocument();
    expect(within(bar).getByText('无会员价')).toBeInTheDocument();
    expect(due()).toBe('¥6.00');
    await userEvent.keyboard('{F4}');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('结账 · 应收 ¥6.00')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '全部会员 F7' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /确认收款/ }));
    await waitFor(() => expect(seen.some((c) => ends(c, 'order_create'))).toBe(true));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'order_create'))!.data));
    expect(body.member_id).toBe(9);
    expect(body.payments).toEqual([expect.objectContaining({ method: 'member', amount_fen: 600 })]);
    expect(rejections).toEqual([]);
  });
});
