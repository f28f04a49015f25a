import type { CommissionRuleRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, refused, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { RuleFormModal } from './rule-form-modal';

const onClose = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onClose);
const STAFF = [{ id: 21, name: '阿强', role: '收银员' }];
const server = (answer: () => ReturnType<typeof ok>) =>
  mockServer((c) => (ends(c, 'commission_staff_options') ? ok(STAFF) : answer()));
const ROW: CommissionRuleRow = {
  id: 5,
  target_type: 'role',
  role: '收银员',
  user_id: null,
  user_name: '',
  kind: 'goods_pct',
  rate_bp: 500,
  amount_fen: 0,
  start_day: '2031-01-01',
  end_day: '2031-06-30',
  remark: '',
  updated_by: '张老板',
  updated_at: '2031-01-01 10:00:00',
};
const open = async (state: Parameters<typeof RuleFormModal>[0]['state'] = { mode: 'add' }) => {
  renderAt('/x', '/x', <RuleFormModal state={state} onClose={onClose} />);
  return screen.findByRole('dialog');
};
const saved = (seen: { url?: string; data?: unknown }[]) =>
  seen.filter((c) => (c.url ?? '').endsWith('commission_rule_save'));
const bodyOf = (c: { data?: unknown }) => Object.fromEntries(new URLSearchParams(String(c.data)));
const type = async (dialog: HTMLElement, label: string, text: string) => {
  const input = within(dialog).getByLabelText(label);
  await userEvent.clear(input);
  await userEvent.type(input, text);
};
const save = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

afterEach(() => vi.useRealTimers());

describe('commission rule form', { timeout: 60_000 }, () => {
  it('adds a 5% goods rule for 收银员 from today (the Beijing day), sent as 500 basis points', async () => {
    // 23:30 UTC on 1 March is 07:30 on 2 March in Beijing: the rule starts on the server's (Beijing) day
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T23:30:00Z'));
    const seen = server(() => ok(ROW, '保存成功'));
    const dialog = await open();
    await type(dialog, '提成比例', '5');
    await save(dialog);
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    const body = bodyOf(saved(seen)[0]!);
    expect(body).toEqual({
      target_type: 'role',
      role: '收银员',
      kind: 'goods_pct',
      rate_bp: '500',
      start_day: '2031-03-02',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('a fixed amount per top-up for one person is sent in fen', async () => {
    const seen = server(() => ok(ROW));
    const dialog = await open();
    await userEvent.click(within(dialog).getByRole('radio', { name: '按个人' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '员工' }));
    await userEvent.click(await screen.findByTitle('阿强（收银员）'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '提成方式' }));
    await userEvent.click(await screen.findByTitle('每笔会员充值'));
    await type(dialog, '提成金额', '1.5');
    await save(dialog);
    await waitFor(() => expect(saved(seen)).toHaveLength(1));
    expect(bodyOf(saved(seen)[0]!)).toMatchObject({
      target_type: 'person',
      user_id: '21',
      amount_fen: '150',
    });
    expect(bodyOf(saved(seen)[0]!).role).toBeUndefined();
  });

  it('refuses over 100% and negatives before anything is sent', async () => {
    const seen = server(() => ok(ROW));
    const dialog = await open();
    for (const [text, msg] of [
      ['150', '提成比例不能超过100%'],
      ['-1', '提成比例不能为负数'],
    ] as const) {
      await type(dialog, '提成比例', text);
      await save(dialog);
      expect(await within(dialog).findByText(msg)).toBeTruthy();
    }
    await settle();
    expect(saved(seen)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a rule with its values filled in; an overlap refused by the server keeps the dialog open', async () => {
    const seen = server(() =>
      refused('与已有规则（2031-07-01起）的生效期重叠，同一对象的同一提成方式同一天只能有一条规则', 40009),
    );
    const dialog = await open({ mode: 'edit', row: ROW });
    expect(within(dialog).getByLabelText('提成比例')).toHaveValue('5.00');
    await type(dialog, '提成比例', '12.5');
    await save(dialog);
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        '与已有规则（2031-07-01起）的生效期重叠，同一对象的同一提成方式同一天只能有一条规则',
      ),
    );
    expect(bodyOf(saved(seen)[0]!)).toMatchObject({ id: '5', rate_bp: '1250', end_day: '2031-06-30' });
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
