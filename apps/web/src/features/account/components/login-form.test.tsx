import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { USER_TYPE_LABELS, USER_TYPE_VALUES } from '@netbar/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
// antd by the same paths as the login form: the test runner would load the `antd` index as another copy
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import type { ReactNode } from 'react';
import { Link, MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { AccountTypeSelect, loadTypeSelect } from './account-type-select';
import { CaptchaImage } from './captcha-image';
import { LAST_TYPE_KEY, LoginForm } from './login-form';

// the real select by antd/es too, so that it reads the same form contexts as the stand-ins
vi.mock('./type-select', async () => ({ TypeSelect: (await import('antd/es/select')).default }));

const OPTIONS = USER_TYPE_VALUES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
const validator = (message: string) => async (_: unknown, v: unknown) => {
  if (v === undefined || v === null || v === '') throw new Error(message);
};

/** The login form as it was written with antd's Form (before decision 098): the reference markup. */
function AntdLoginForm({ onFinish }: { onFinish: () => Promise<boolean> }) {
  const [form] = Form.useForm();
  const type = Number(localStorage.getItem(LAST_TYPE_KEY)) || undefined;
  return (
    <Form
      form={form}
      size="large"
      initialValues={{ type }}
      noValidate
      onFinish={async () => {
        if (!(await onFinish())) form.setFieldValue('captcha', '');
      }}
    >
      <Form.Item name="type" rules={[{ validator: validator('请选择账号类型') }]} required>
        <AccountTypeSelect placeholder="请选择账号类型" options={OPTIONS} aria-label="账号类型" />
      </Form.Item>
      <Form.Item name="user_name" rules={[{ validator: validator('请输入账号') }]} required>
        <Input
          aria-label="账号"
          prefix={<UserOutlined />}
          placeholder="请输入账号"
          autoComplete="username"
          maxLength={30}
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ validator: validator('请输入密码') }]} required>
        <Password
          aria-label="密码"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="captcha" rules={[{ validator: validator('请输入验证码') }]} noStyle>
            <Input
              aria-label="验证码"
              prefix={<SafetyCertificateOutlined />}
              placeholder="请输入验证码"
              maxLength={10}
              autoComplete="off"
            />
          </Form.Item>
          <CaptchaImage nonce={0} onRefresh={() => {}} />
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={false}>
          登录
        </Button>
      </Form.Item>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/account/register">注册账号</Link>
        <Link to="/account/password">忘记密码</Link>
      </div>
    </Form>
  );
}

const wrap = (node: ReactNode) => (
  <Providers client={createQueryClient()}>
    <MemoryRouter>{node}</MemoryRouter>
  </Providers>
);
const mine = () => wrap(<LoginForm submitting={false} onSubmit={async () => false} />);
const antd = () => wrap(<AntdLoginForm onFinish={async () => false} />);

/** Renders the form, does the steps, lets validation and the error lists settle, returns the form's markup. */
async function markup(node: ReactNode, steps: () => void | Promise<void> = () => {}, errors = 0) {
  const { container, unmount } = render(node);
  await steps();
  await waitFor(
    () => {
      expect(container.querySelectorAll('.ant-form-item-is-validating')).toHaveLength(0);
      expect(container.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(errors);
      // the error lines' show and hide motions are over
      expect(container.innerHTML).not.toMatch(/show-help[^" ]*-(appear|enter|leave)/);
    },
    { timeout: 3000 },
  );
  await new Promise((r) => setTimeout(r, 50));
  const html = container.querySelector('form')?.outerHTML ?? '';
  unmount();
  // one tag a line, so that a difference shows as a line
  return (
    html
      .replace(/css-var-[^ "]+/g, 'css-var-X')
      .replace(/\?t=\d+/g, '?t=N')
      // React writes a password input's value attribute at changing moments, with or without antd's Form
      .replace(/(type="password") value="[^"]*"/g, '$1')
      .split(/(?=<)/)
  );
}
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => {
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
};

beforeEach(() => localStorage.clear());

describe('login form without antd Form (decision 098): the same markup as with it', () => {
  it('at rest, with and without a remembered account type', async () => {
    expect(await markup(mine())).toEqual(await markup(antd()));
    localStorage.setItem(LAST_TYPE_KEY, '3');
    const remembered = await markup(mine());
    expect(remembered.join('')).toContain('title="网吧"');
    expect(remembered).toEqual(await markup(antd()));
  });

  it('after an empty submit: every field in error, with its message', async () => {
    await loadTypeSelect();
    const html = await markup(mine(), submit, 4);
    expect(html.join('')).toContain('aria-invalid="true"');
    expect(html).toEqual(await markup(antd(), submit, 4));
  });

  it('while typing: valid fields marked, a cleared one in error', async () => {
    const steps = () => {
      type('账号', 'demo_agent');
      type('密码', 'secret');
      type('验证码', '12');
      type('验证码', '');
    };
    const html = await markup(mine(), steps, 1);
    expect(html.join('')).toContain('ant-form-item-has-success');
    expect(html).toEqual(await markup(antd(), steps, 1));
  });

  it('after a refused login: the captcha emptied, the rest kept', async () => {
    localStorage.setItem(LAST_TYPE_KEY, '1');
    const steps = async () => {
      type('账号', 'demo_agent');
      type('密码', 'secret');
      type('验证码', '1234');
      submit();
      await waitFor(() => expect(screen.getByLabelText('验证码')).toHaveValue(''));
    };
    expect(await markup(mine(), steps)).toEqual(await markup(antd(), steps));
  });
});
