import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok, page, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { STORES, WANG } from '../netbar-staff-fixtures';
import NetbarStaffListPage from './netbar-staff-list-page';

dialogHarness();
const TREE = [{ id: 26, title: '收银管理', children: [{ id: 262, title: '收银台' }] }];

/**
 * Every id in the document that more than one element carries. 'test-id' is left out: under
 * NODE_ENV=test antd's useId answers that constant (the browser gets React's unique ids).
 */
const duplicateIds = () => {
  const ids = [...document.querySelectorAll('[id]')].map((e) => e.id).filter((id) => id !== 'test-id');
  return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
};

/**
 * Every form label whose `for` does not find a control inside the label's own form (clicking the label,
 * or a screen reader, would reach another form's input): as "form / label → what it found".
 */
const strayLabels = () =>
  [...document.querySelectorAll<HTMLLabelElement>('form label[for]')].flatMap((l) => {
    const form = l.closest('form')!;
    const target = document.getElementById(l.htmlFor);
    return target && form.contains(target)
      ? []
      : [
          `${form.id || form.getAttribute('name')} / ${l.textContent} → ${target?.closest('form')?.id ?? 'nothing'}`,
        ];
  });

describe('员工列表 page', { timeout: 60_000 }, () => {
  it('with the filter form, 新增员工, 重置密码, 备注 and 授权 all open, no two elements share an id', async () => {
    mockServer((c) =>
      ends(c, 'get_store_list')
        ? page(STORES)
        : ends(c, 'netbar_staff_list')
          ? page([WANG])
          : ends(c, 'netbar_staff_auth_tree')
            ? ok(TREE)
            : ends(c, 'netbar_staff_remark_get')
              ? ok([])
              : ok(null),
    );
    renderAt('/NetbarStaffManage/staffList', '/NetbarStaffManage/staffList', <NetbarStaffListPage />);
    const row = (await screen.findByText('wang_cashier')).closest('tr') as HTMLElement;
    fireEvent.click(screen.getByRole('button', { name: /新增员工/ }));
    for (const name of ['重置密码', '备注', '授权'])
      fireEvent.click(within(row).getByRole('button', { name }));
    expect(await screen.findByText('重置密码 · 王收银')).toBeTruthy();
    expect(await screen.findByText('员工备注 · 王收银')).toBeTruthy();
    expect(await screen.findByText('员工授权 · 王收银（收银员）')).toBeTruthy();
    expect(await screen.findByText('收银台')).toBeTruthy();
    await settle();
    // the same field names stand in several forms (姓名 and 手机号 in the filter and in 新增员工)
    expect(document.querySelectorAll('input[id$="mobile"]').length).toBeGreaterThanOrEqual(2);
    expect(duplicateIds()).toEqual([]);
    // each label points at the input of its own form: 新增员工's 姓名 and 手机号, 重置密码's 临时密码
    expect(document.querySelectorAll('form label[for]').length).toBeGreaterThanOrEqual(8);
    expect(strayLabels()).toEqual([]);
    expect(screen.getByLabelText('临时密码').closest('form')?.id).toBe('netbar_staff_reset');
    expect(screen.getByLabelText('手机号', { selector: 'form#netbar_staff_form input' })).toBeTruthy();
  });
});
