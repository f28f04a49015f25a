// antd and its icons by their own paths: the login page is the console's first download (decision 097)
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { type LoginBody, USER_TYPE_LABELS, USER_TYPE_VALUES } from '@netbar/contract';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
// (the `Input` of the antd index also carries TextArea, Search and OTP)
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { lazyZodRules } from '../../../lib/lazy-zod-rules';
import { type LoginInput, loadHttp } from '../api/login';
import { AccountTypeSelect, loadTypeSelect } from './account-type-select';
import { CaptchaImage } from './captcha-image';

const FIELDS = ['type', 'user_name', 'password', 'captcha'] as const;
/** The contract's loginBody, fetched on first validation; every field of it is required. */
const rules = lazyZodRules(FIELDS, () => import('./login-schema').then((m) => m.loginBody));
const required = { type: true, user_name: true, password: true, captcha: true };
const TYPE_OPTIONS = USER_TYPE_VALUES.map((value) => ({ value, label: USER_TYPE_LABELS[value] }));
export const LAST_TYPE_KEY = 'login_type';

interface Props {
  submitting: boolean;
  /** Resolves true on success; on failure the captcha is refreshed and cleared. */
  onSubmit: (input: LoginInput) => Promise<boolean>;
}

function lastType(): number | undefined {
  const n = Number(localStorage.getItem(LAST_TYPE_KEY));
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : undefined;
}

const FIRST_SIGNS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * On the first sign of a person at the page, fetch what the form needs next but not to be shown: the
 * account-type select and the request client (decision 097). Nothing is fetched for a page nobody touches.
 */
function usePreloadOnFirstSign() {
  useEffect(() => {
    const preload = () => {
      stop();
      loadTypeSelect().catch(() => {});
      loadHttp().catch(() => {});
    };
    const stop = () => {
      for (const name of FIRST_SIGNS) window.removeEventListener(name, preload, true);
    };
    for (const name of FIRST_SIGNS) window.addEventListener(name, preload, { capture: true, passive: true });
    return stop;
  }, []);
}

/** The login form: account type, user name, password and captcha, validated by the contract's schema (loaded on first use). */
export function LoginForm({ submitting, onSubmit }: Props) {
  const [form] = Form.useForm<LoginBody>();
  usePreloadOnFirstSign();
  const [nonce, setNonce] = useState(() => Date.now());
  const refresh = () => setNonce(Date.now());

  const finish = async (values: LoginBody) => {
    localStorage.setItem(LAST_TYPE_KEY, String(values.type));
    const ok = await onSubmit({
      user_name: values.user_name.trim(),
      password: values.password,
      captcha: values.captcha.trim(),
      type: values.type,
    });
    if (!ok) {
      form.setFieldValue('captcha', '');
      refresh();
    }
  };

  return (
    <Form form={form} size="large" onFinish={finish} initialValues={{ type: lastType() }} noValidate>
      <Form.Item name="type" rules={rules.type} required={required.type}>
        <AccountTypeSelect placeholder="请选择账号类型" options={TYPE_OPTIONS} aria-label="账号类型" />
      </Form.Item>
      <Form.Item name="user_name" rules={rules.user_name} required={required.user_name}>
        <Input
          aria-label="账号"
          prefix={<UserOutlined />}
          placeholder="请输入账号"
          autoComplete="username"
          maxLength={30}
        />
      </Form.Item>
      <Form.Item name="password" rules={rules.password} required={required.password}>
        <Password
          aria-label="密码"
          prefix={<LockOutlined />}
          placeholder="请输入密码"
          autoComplete="current-password"
        />
      </Form.Item>
      <Form.Item required={required.captcha}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="captcha" rules={rules.captcha} noStyle>
            <Input
              aria-label="验证码"
              prefix={<SafetyCertificateOutlined />}
              placeholder="请输入验证码"
              maxLength={10}
              autoComplete="off"
            />
          </Form.Item>
          <CaptchaImage nonce={nonce} onRefresh={refresh} />
        </div>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
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
