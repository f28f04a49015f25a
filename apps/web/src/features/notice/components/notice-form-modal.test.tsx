import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import type { AdminNoticeRow } from '../api/admin-notice-list';
import { NoticeFormModal } from './notice-form-modal';

const DRAFT: AdminNoticeRow = {
  id: 4,
  title: '系统升级通知',
  content: '今晚升级',
  user_types: [1, 3],
  status: 'draft',
  publish_time: null,
  created_at: 1_700_000_000,
};

const onClose = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onClose);

const renderEdit = () =>
  renderAt(
    '/admin/notice',
    '/admin/notice',
    <NoticeFormModal state={{ mode: 'edit', row: DRAFT }} onClose={onClose} />,
  );

describe('notice form', { timeout: 60_000 }, () => {
  it('saves an edited draft with its id, toasts 公告已保存 and closes', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: { id: 4 } } }));
    renderEdit();
    const form = await screen.findByRole('dialog');
    await waitFor(() => expect(within(form).getByLabelText('公告标题')).toHaveValue('系统升级通知'));
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('公告已保存'));
    const body = new URLSearchParams(String(seen[0].data));
    expect(body.get('id')).toBe('4');
    expect(body.get('user_types')).toBe('1,3');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('a refused save keeps the dialog open, toasts the reason and leaves no unhandled rejection', async () => {
    mockServer(() => ({ body: { status: 40001, msg: '只能编辑草稿', data: null } }));
    renderEdit();
    const form = await screen.findByRole('dialog');
    await waitFor(() => expect(within(form).getByLabelText('公告标题')).toHaveValue('系统升级通知'));
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('只能编辑草稿'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onClose).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });

  it('an empty title is refused by the contract rule and sends nothing', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: { id: 1 } } }));
    renderAt('/admin/notice', '/admin/notice', <NoticeFormModal state={{ mode: 'add' }} onClose={onClose} />);
    const form = await screen.findByRole('dialog');
    await userEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('请输入公告标题')).toBeInTheDocument();
    expect(seen).toHaveLength(0);
    expect(rejections).toEqual([]);
  });
});
