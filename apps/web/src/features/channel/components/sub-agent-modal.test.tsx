import type { SubAgentRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { SubAgentModal } from './sub-agent-modal';

const SUB: SubAgentRow = {
  id: 12,
  name: '苏州网吧服务商',
  user_name: 'suzhou01',
  contact: '张三',
  mobile: '13800138000',
  province: '江苏省',
  city: '苏州市',
  district: '姑苏区',
  address: '人民路1号',
  status: 1,
  netbar_count: 3,
  created_at: '2026-01-01 10:00:00',
};

const AREAS: Record<string, { id: string; name: string }[]> = {
  '0': [{ id: '32', name: '江苏省' }],
  '32': [{ id: '3205', name: '苏州市' }],
  '3205': [{ id: '320508', name: '姑苏区' }],
};

const onDone = vi.fn();
const { notifyError, success, rejections } = dialogHarness(onDone);

function server(save: () => { body: unknown }) {
  return mockServer((c) => {
    if (ends(c, 'get_area')) return ok(AREAS[String(c.params?.parentID)] ?? []);
    if (ends(c, 'agent_edit_subagent')) return save();
    return ok(null);
  });
}

async function openEdit() {
  renderAt(
    '/channelManage/lowerChannel',
    '/channelManage/lowerChannel',
    <SubAgentModal state={{ mode: 'edit', row: SUB }} onClose={vi.fn()} onDone={onDone} />,
  );
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByLabelText('渠道名称')).toHaveValue('苏州网吧服务商'));
  return dialog;
}

describe('sub-agent form', { timeout: 60_000 }, () => {
  it('saves an edit with the agent id, toasts 保存成功 and calls onDone', async () => {
    const seen = server(() => ok({ agent_id: 12 }));
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    const body = new URLSearchParams(String(seen.find((c) => ends(c, 'agent_edit_subagent'))?.data));
    expect(body.get('agent_id')).toBe('12');
    expect(body.get('name')).toBe('苏州网吧服务商');
    expect(onDone).toHaveBeenCalled();
  });

  it('a refused save keeps the dialog open, toasts the reason and leaves no unhandled rejection', async () => {
    server(() => ({ body: { status: 40001, msg: '渠道名称已存在', data: null } }));
    const dialog = await openEdit();
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('渠道名称已存在'));
    await new Promise((r) => setTimeout(r, 50));
    expect(onDone).not.toHaveBeenCalled();
    expect(success).not.toHaveBeenCalled();
    expect(rejections).toEqual([]);
  });
});
