import { USER_TYPE_LABELS, USER_TYPE_VALUES } from '@netbar/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
// antd by the same paths as the login form: the test runner would load the `antd` index as another copy
import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { AccountTypeSelect } from './account-type-select';

const OPTIONS = USER_TYPE_VALUES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));

function inForm(select: ReactNode, type?: number) {
  return (
    <Providers client={createQueryClient()}>
      <Form size="large" initialValues={{ type }}>
        <Form.Item name="type" rules={[{ required: true, message: '请选择账号类型' }]}>
          {select}
        </Form.Item>
      </Form>
    </Providers>
  );
}

/** The select's closed markup, without the per-render ConfigProvider key. */
function closedMarkup(node: ReactNode): string {
  const { container, unmount } = render(node);
  const html = container.querySelector('.ant-select')?.outerHTML ?? '';
  unmount();
  return html.replace(/css-var-[^ "]+/g, 'css-var-X');
}

const standIn = <AccountTypeSelect placeholder="请选择账号类型" options={OPTIONS} aria-label="账号类型" />;
const real = <Select placeholder="请选择账号类型" options={OPTIONS} aria-label="账号类型" />;

describe('account-type select stand-in (decision 097)', () => {
  it('renders the same markup as antd Select while closed, empty or with a value', () => {
    for (const type of [undefined, 3]) {
      const mine = closedMarkup(inForm(standIn, type));
      expect(mine).toContain('ant-select-css-var');
      expect(mine).toBe(closedMarkup(inForm(real, type)));
    }
  });

  it('renders the same markup as antd Select when the form shows an error', async () => {
    const markupAfterSubmit = async (select: ReactNode) => {
      const { container, unmount } = render(
        <Providers client={createQueryClient()}>
          <Form size="large" onFinish={() => {}}>
            <Form.Item name="type" rules={[{ required: true, message: '请选择账号类型' }]}>
              {select}
            </Form.Item>
            <button type="submit">提交</button>
          </Form>
        </Providers>,
      );
      fireEvent.click(screen.getByRole('button', { name: '提交' }));
      await waitFor(() => expect(container.querySelector('.ant-select-status-error')).not.toBeNull());
      const html = container.querySelector('.ant-select')?.outerHTML ?? '';
      unmount();
      return html.replace(/css-var-[^ "]+/g, 'css-var-X');
    };
    expect(await markupAfterSubmit(standIn)).toBe(await markupAfterSubmit(real));
  });

  it('a press loads antd Select and opens it; choosing fills the form', async () => {
    let chosen: unknown;
    render(
      <Providers client={createQueryClient()}>
        <Form size="large" onValuesChange={(v) => (chosen = v.type)}>
          <Form.Item name="type">{standIn}</Form.Item>
        </Form>
      </Providers>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '账号类型' }));
    fireEvent.click(await screen.findByTitle('网吧'));
    await waitFor(() => expect(chosen).toBe(3));
    expect(document.querySelector('.ant-select-content')).toHaveAttribute('title', '网吧');
  });

  it('a keyboard user who tabs in keeps the focus on the select that arrives', async () => {
    render(inForm(standIn));
    screen.getByRole('combobox', { name: '账号类型' }).focus();
    await waitFor(() => expect(document.querySelector('.ant-select-focused')).not.toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: '账号类型' }));
  });
});
