import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { TemplateEditor } from './template-editor';

const onClose = vi.fn();
const { success } = dialogHarness(onClose);
const preview = () => screen.getByRole('region', { name: '小票预览' }).textContent ?? '';

describe('receipt template editor', { timeout: 150_000 }, () => {
  it('previews the sample receipt live: hiding 单号 and choosing 80mm change it; saving sends the layout', async () => {
    const seen = mockServer(() => ok({ id: 3 }));
    renderAt('/x', '/x', <TemplateEditor state={{ kind: 'sale', row: null }} onClose={onClose} />);
    await waitFor(() => expect(preview()).toContain('XS202601150001'));
    // the footer comes with the form's initial values, a render after the sample
    await waitFor(() => expect(preview()).toContain('谢谢惠顾'));
    const width = () =>
      (screen.getByRole('region', { name: '小票预览' }).querySelector('pre') as HTMLElement).style.width;
    expect(width()).toBe('58mm');

    await userEvent.click(screen.getByRole('switch', { name: '显示单号' }));
    await waitFor(() => expect(preview()).not.toContain('XS202601150001'));
    await userEvent.click(screen.getByText('80mm'));
    await waitFor(() => expect(width()).toBe('80mm'));

    // no name: refused in the form, nothing sent
    await userEvent.click(screen.getByRole('button', { name: '保 存' }));
    expect(await screen.findByText('模板名称为1-20个字符')).toBeTruthy();
    await settle();
    expect(seen).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('模板名称'), '门店小票');
    await userEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('保存成功'));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'print_template_save'))?.data));
    expect(body).toMatchObject({ kind: 'sale', name: '门店小票', paper_mm: 80, is_default: false });
    expect(body.fields.find((f: { key: string }) => f.key === 'order_no')).toEqual({
      key: 'order_no',
      show: false,
      align: 'left',
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('私域二维码 is hidden at first; shown, the preview prints the welcome text and the QR code, and saving sends it', async () => {
    const seen = mockServer(() => ok({ id: 4 }));
    renderAt('/x', '/x', <TemplateEditor state={{ kind: 'sale', row: null }} onClose={onClose} />);
    const region = () => screen.getByRole('region', { name: '小票预览' });
    await waitFor(() => expect(preview()).toContain('XS202601150001'));
    expect(preview()).not.toContain('扫码进群');
    expect(region().querySelector('svg')).toBeNull();

    const sw = screen.getByRole('switch', { name: '显示私域二维码' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(sw);
    await waitFor(() => expect(preview()).toContain('扫码进群，每周福利抢先知道'));
    expect(within(region()).getByTitle('私域二维码')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('模板名称'), '私域小票');
    await userEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(seen.some((c) => ends(c, 'print_template_save'))).toBe(true));
    const body = JSON.parse(String(seen.find((c) => ends(c, 'print_template_save'))?.data));
    expect(body.fields.find((f: { key: string }) => f.key === 'siyu')).toEqual({
      key: 'siyu',
      show: true,
      align: 'center',
    });
  });

  it('hiding every field leaves 保存 disabled with the reason', async () => {
    mockServer(() => ok(null));
    renderAt('/x', '/x', <TemplateEditor state={{ kind: 'topup', row: null }} onClose={onClose} />);
    const switches = await screen.findAllByRole('switch');
    for (const s of switches) if (s.getAttribute('aria-checked') === 'true') await userEvent.click(s);
    expect(await screen.findByText('请至少显示一个打印字段')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: '保 存' })).toBeDisabled();
  });
});
