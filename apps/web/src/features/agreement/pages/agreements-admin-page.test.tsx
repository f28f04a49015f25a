import type { AgreementView } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import AgreementsAdminPage from './agreements-admin-page';

const DRAFT: AgreementView = {
  id: 7,
  slug: 'protocol',
  title: '用户注册协议',
  content: '第一条 本协议由用户与平台共同订立，双方应当遵守。',
  version: '2.0',
  effective_date: '2026-01-01',
  status: 'draft',
  updated_at: 1_700_000_000,
} as AgreementView;

const { notifyError, success, rejections } = dialogHarness();

function server(save: () => { body: unknown }) {
  return mockServer((c) => {
    if (ends(c, 'agreement_admin_list')) return ok([DRAFT]);
    if (ends(c, 'agreement_save')) return save();
    return ok(null);
  });
}

/** The dialog stays mounted (forceRender); a closed one is leaving or hidden. */
const closing = () => {
  const d = document.querySelector('.ant-modal');
  return !d || /ant-zoom-leave/.test(d.className) || (d as HTMLElement).style.display === 'none';
};

async function openDraft() {
  renderAt('/admin/agreements', '/admin/agreements', <AgreementsAdminPage />);
  await userEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByLabelText('标题')).toHaveValue('用户注册协议'));
  return dialog;
}

describe('agreements admin', { timeout: 60_000 }, () => {
  it('saves a draft: posts the date as YYYY-MM-DD, toasts 草稿已保存 and closes the dialog', async () => {
    const seen = server(() => ok({ id: 7 }, '草稿已保存'));
    const dialog = await openDraft();
    await userEvent.click(within(dialog).getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('草稿已保存'));
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'agreement_save'))?.data));
    expect(body.get('effective_date')).toBe('2026-01-01');
    expect(body.get('version')).toBe('2.0');
    await waitFor(() => expect(closing()).toBe(true));
    // the list reloads behind the closed dialog
    await waitFor(() => expect(seen.filter((c) => ends(c, 'agreement_admin_list'))).toHaveLength(2));
  });

  it('a refused save keeps the dialog open, toasts the reason and leaves no unhandled rejection', async () => {
    server(() => ({ body: { status: 40009, msg: '该版本号已存在', data: null } }));
    const dialog = await openDraft();
    await userEvent.click(within(dialog).getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('该版本号已存在'));
    await new Promise((r) => setTimeout(r, 50));
    expect(closing()).toBe(false);
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
